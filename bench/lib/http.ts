/** Minimal keep-alive HTTP client for the load drivers: raw bytes, status, and wire size. */
import http from 'node:http';

/** A response as received: status, headers, undecoded body and the bytes it took on the wire. */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  wireBytes: number;
}

/** Sends one request on the given agent and collects the undecoded answer. */
export function request(
  agent: http.Agent,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        // Status line and headers as sent, plus the (possibly chunked-framed) body.
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.reduce((s, v, i) => s + v + (i % 2 ? '\r\n' : ': '), '')}\r\n`;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          wireBytes: Buffer.byteLength(head) + body.length,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}
