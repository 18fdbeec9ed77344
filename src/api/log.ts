/** The public log's endpoints (server/routes/log.ts): key, checkpoint, find, one entry, an inclusion proof. */
import { request } from './client.ts';

const BASE = '/api/provably_fair/log';
const asText = { parseResponse: (body: string) => body } as const;

/** GET /log/key: the verifier key in signed-note form. */
export async function fetchLogKey(): Promise<string> {
  return (await request<string>(`${BASE}/key`, asText)).trim();
}

/** GET /log/checkpoint: the signed checkpoint note. */
export function fetchLogCheckpoint(): Promise<string> {
  return request<string>(`${BASE}/checkpoint`, asText);
}

/** GET /log/find?roll_id=: the game's index once sequenced; rejects with ApiError status 404 before. */
export async function fetchLogIndex(rollId: string): Promise<number> {
  return (await request<{ index: number }>(`${BASE}/find`, { query: { roll_id: rollId } })).index;
}

/** GET /log/entries?start=index&limit=1: the entry's line, byte for byte as hashed. */
export async function fetchLogEntry(index: number): Promise<string> {
  const body = await request<string>(`${BASE}/entries`, { ...asText, query: { start: index, limit: 1 } });
  return body.endsWith('\n') ? body.slice(0, -1) : body;
}

/** GET /log/proof?index=&size=: the inclusion proof, base64 hashes in RFC 6962 order. */
export async function fetchLogProof(index: number, size: number): Promise<string[]> {
  return (await request<{ hashes: string[] }>(`${BASE}/proof`, { query: { index, size } })).hashes;
}
