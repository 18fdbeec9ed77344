/**
 * A player over real HTTP (fetch on 127.0.0.1): register, token, upgrade, sell, as the page does (form posts).
 * Network failures (a killed server) come back as status 0 so load loops can count them instead of throwing.
 */

/** A response: status 0 when the connection failed. */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** Posts or gets; never throws on network errors. */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { cookie?: string; form?: Record<string, string | string[]> } = {},
): Promise<Answer & { setCookie?: string }> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.form) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  try {
    const res = await fetch(base + url, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, setCookie: res.headers.get('set-cookie') ?? undefined };
  } catch {
    return { status: 0, body: null };
  }
}

/** A signed-in player. */
export interface HttpPlayer {
  cookie: string;
  userId: number;
  username: string;
}

/** Registers a player; throws if the server refuses. */
export async function registerOver(base: string, username: string): Promise<HttpPlayer> {
  const res = await call(base, 'POST', '/api/auth/register', {
    form: { username, password: 'reliable-pass', age_confirmed: '1' },
  });
  const sid = res.setCookie?.split(';')[0];
  if (res.status !== 200 || !sid?.startsWith('sid='))
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { cookie: sid, userId: (res.body!.user as { id: number }).id, username };
}

/** A caseopen token, or null when the server did not give one. */
export async function tokenOver(base: string, cookie: string): Promise<string | null> {
  const res = await call(base, 'GET', '/api/token?purpose=caseopen', { cookie });
  return res.status === 200 ? String(res.body!.token) : null;
}

/** One upgrade of the given items to a target at a chance (percent text). */
export function upgradeOver(
  base: string,
  cookie: string,
  items: number[],
  target: number,
  chance: string,
  token: string,
): Promise<Answer> {
  return call(base, 'POST', '/api/upgrade/upgrade_items', {
    cookie,
    form: {
      'inventory_items[]': items.map(String),
      uniq_item: String(target),
      upgrade_front_chance: chance,
      roll_under: '1',
      selected_multiplier: '',
      token,
    },
  });
}

/** Sells one item. */
export function sellOver(base: string, cookie: string, id: number): Promise<Answer> {
  return call(base, 'POST', '/api/inventory/sell', { cookie, form: { id: String(id) } });
}
