/**
 * The one HTTP client of the page: an ofetch instance on the site's own origin. Tests (and the fair-UI
 * code) reuse it; `configureApi` swaps the base URL and the fetch implementation, so the UI tests can route
 * every request to the real server app in-process.
 */
import { createFetch, FetchError, type $Fetch, type FetchOptions } from 'ofetch';
import parseBody from './parseBody.ts';

/** Where requests go and how they are sent. */
export interface ApiConfig {
  /** Prefix for every path ('' = the page's own origin). */
  baseURL?: string;
  /** A fetch implementation (defaults to the browser's). */
  fetch?: typeof globalThis.fetch;
}

/** A rejected call: `message` is the server's msg (already translated) when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** True when the server answered with its own `{status:false, msg}`. */
    readonly fromServer: boolean,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function build(config: ApiConfig): $Fetch {
  // Retries would repeat a spent single-use token or a purchase: every call is sent exactly once.
  const defaults: FetchOptions = {
    baseURL: config.baseURL ?? '',
    retry: 0,
    credentials: 'same-origin',
    parseResponse: parseBody,
  };
  const fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return createFetch({
    fetch: fetchImpl,
    Headers: globalThis.Headers,
    AbortController: globalThis.AbortController,
  }).create(defaults);
}

let client: $Fetch = build({});

/** Replaces the client's base URL and fetch (boot, tests). */
export function configureApi(config: ApiConfig): void {
  client = build(config);
}

/** Extracts the server's msg from an error body, if it has one. */
function serverMessage(data: unknown): string | null {
  if (data && typeof data === 'object' && 'msg' in data && typeof (data as { msg: unknown }).msg === 'string') {
    return (data as { msg: string }).msg;
  }
  return null;
}

/**
 * Sends one request and returns the parsed JSON body. Rejects with ApiError on a network failure, on a 4xx/5xx,
 * and on a 2xx body whose status is false (the server's own refusal).
 */
export async function request<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  let data: unknown;
  try {
    data = await client<T>(path, options);
  } catch (err) {
    if (err instanceof FetchError) {
      const msg = serverMessage(err.data);
      throw new ApiError(msg ?? err.statusText ?? err.message, err.status ?? null, msg !== null);
    }
    throw new ApiError(err instanceof Error ? err.message : String(err), null, false);
  }
  if (data && typeof data === 'object' && (data as { status?: unknown }).status === false) {
    throw new ApiError(serverMessage(data) ?? 'error', 200, true);
  }
  return data as T;
}

/** Encodes fields as application/x-www-form-urlencoded; array values repeat the key (`name[]=a&name[]=b`), undefined ones are left out. */
export function formBody(
  fields: Record<string, string | number | readonly (string | number)[] | undefined>,
): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) body.append(key, String(v));
    else body.append(key, String(value));
  }
  return body;
}
