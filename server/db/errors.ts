/**
 * Classifying database failures: the database being unreachable (answer 503, recover when it returns) versus
 * a lost race between transactions (retry). Drizzle wraps driver errors in DrizzleQueryError; look at causes.
 */

function chain(err: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    out.push(cur as Record<string, unknown>);
    cur = (cur as { cause?: unknown }).cause;
  }
  return out;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/** Whether the error, or one it wraps, is an exception raised with exactly this message (PL/pgSQL RAISE). */
export function raisedWith(err: unknown, message: string): boolean {
  return chain(err).some((e) => e.message === message);
}

/** The PostgreSQL SQLSTATE of an error, if any. */
export function sqlState(err: unknown): string | undefined {
  for (const e of chain(err)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** Whether the database could not be reached or went away (connection refused, cut, shut down, closed). */
export function isDbUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code)) return true;
    // 08xxx connection exceptions, 57P0x operator intervention / shutdown, 53xxx insufficient resources.
    if (/^(08|57P0|53)/.test(code)) return true;
    const msg = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i.test(
        msg,
      )
    )
      return true;
  }
  return false;
}

/** Whether a transaction lost a race and may simply be retried (serialization failure, deadlock). */
export function isRetryable(err: unknown): boolean {
  const code = sqlState(err);
  return code === '40001' || code === '40P01';
}
