import type { Config } from '../config.ts';

/** Whether reCAPTCHA v3 accepts the token for this action and score; a network failure refuses. */
export async function verifyRecaptcha(
  config: Pick<Config, 'recaptchaSecret' | 'recaptchaVerifyUrl' | 'recaptchaMinScore'>,
  token: string,
  action: string,
  remoteIp?: string,
): Promise<boolean> {
  const form = new URLSearchParams({ secret: config.recaptchaSecret ?? '', response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  try {
    const res = await fetch(config.recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { success?: unknown; action?: unknown; score?: unknown };
    return (
      body.success === true &&
      body.action === action &&
      typeof body.score === 'number' &&
      body.score >= config.recaptchaMinScore
    );
  } catch {
    return false;
  }
}
