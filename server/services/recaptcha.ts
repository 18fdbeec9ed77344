/**
 * reCAPTCHA v3 in place of our own token when RECAPTCHA_SECRET is set: POST secret+response to the verify
 * URL and require success, the expected action and a score at or above the threshold.
 */
import type { Config } from '../config.ts';

/** Whether Google (or the configured verifier) accepts the token for this action. Network failure = refusal. */
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
