/** A log server in memory, speaking the /api/provably_fair/log endpoints through a fake fetch. */
import {
  consistencyProof,
  formatCheckpoint,
  generateKey,
  inclusionProof,
  signNote,
  signerFromKey,
  toBase64,
  treeRoot,
  verifyCosignature,
  type Signer,
} from '../../../src/domain/tlog/index.ts';
import type { Fetch } from '../../../scripts/witness-check.ts';
import { MemoryLog } from './memoryLog.ts';

export const ORIGIN = 'upgrades.test/upgrades/cs';

export class FakeLogServer {
  log = new MemoryLog();
  key = generateKey(ORIGIN);
  signer: Signer = signerFromKey(this.key.skey);
  /** Serve the checkpoint of this size instead of the newest (a stale or rolled-back view). */
  servedSize: number | null = null;
  witnessKeys: string[] = [];
  cosignatures: string[] = [];
  requests: string[] = [];

  async checkpointText(size = this.servedSize ?? this.log.size): Promise<string> {
    return formatCheckpoint({ origin: ORIGIN, size, root: await treeRoot(size, this.log.read) });
  }

  /** A WHATWG fetch over the same endpoints, for the SPA's API client. */
  webFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const r = await this.fetch(new URL(url, 'http://upgrades.test').href, {
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const body = await r.text();
    const json = body.startsWith('{');
    return new Response(body, {
      status: r.status,
      headers: { 'content-type': json ? 'application/json' : 'text/plain' },
    });
  };

  fetch: Fetch = async (url, init) => {
    this.requests.push(`${init?.method ?? 'GET'} ${url}`);
    const u = new URL(url);
    const path = u.pathname.replace('/api/provably_fair/log/', '');
    const reply = (status: number, body: string) => ({ ok: status < 400, status, text: async () => body });
    const n = (k: string) => Number(u.searchParams.get(k));
    if (path === 'key') return reply(200, `${this.key.vkey}\n`);
    if (path === 'checkpoint') return reply(200, signNote(await this.checkpointText(), [this.signer]));
    if (path === 'consistency') {
      const hashes = await consistencyProof(n('from'), n('to'), this.log.read);
      return reply(200, JSON.stringify({ hashes: hashes.map(toBase64) }));
    }
    if (path === 'proof') {
      const hashes = await inclusionProof(n('index'), n('size'), this.log.read);
      return reply(200, JSON.stringify({ hashes: hashes.map(toBase64) }));
    }
    if (path === 'find') {
      const index = this.log.lines.findIndex((l) =>
        l.includes(`"roll_id":${JSON.stringify(u.searchParams.get('roll_id'))}`),
      );
      return index < 0 || index >= this.log.size
        ? reply(404, '{"status":false,"msg":"not logged yet"}')
        : reply(200, JSON.stringify({ index }));
    }
    if (path === 'entries') {
      const start = n('start');
      const lines = this.log.lines.slice(start, start + n('limit'));
      return reply(200, lines.map((l) => `${l}\n`).join(''));
    }
    if (path === 'cosign' && init?.method === 'POST') {
      const line = (JSON.parse(init.body ?? '{}') as { cosignature: string }).cosignature;
      const text = await this.checkpointText();
      if (!this.witnessKeys.some((k) => verifyCosignature(text, line, k))) return reply(403, '{"status":false}');
      this.cosignatures.push(line);
      return reply(200, '{"status":true}');
    }
    return reply(404, 'not found');
  };
}
