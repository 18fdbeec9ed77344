/** The provably fair endpoints: seed state, client seed, rotation, one game, history. */
import type { HistoryResponse, RollResponse, RotateResponse, SeedStateResponse } from './contract.ts';
import { formBody, request } from './client.ts';

/** GET /api/provably_fair/state: active and next server seed hashes, client seed, nonce. */
export function fetchSeedState(): Promise<SeedStateResponse> {
  return request<SeedStateResponse>('/api/provably_fair/state', { method: 'GET' });
}

/** POST /api/provably_fair/client_seed: sets the client seed, which rotates the pair and reveals the old seed. */
export function changeClientSeed(clientSeed: string): Promise<RotateResponse> {
  return request<RotateResponse>('/api/provably_fair/client_seed', {
    method: 'POST',
    body: formBody({ client_seed: clientSeed }),
  });
}

/** POST /api/provably_fair/rotate: reveals the active server seed and promotes the next one. */
export function rotateSeeds(): Promise<RotateResponse> {
  return request<RotateResponse>('/api/provably_fair/rotate', { method: 'POST' });
}

/** GET /api/provably_fair/roll/:roll_id: one game; rejects with ApiError status 404 when unknown. */
export function fetchRoll(rollId: string): Promise<RollResponse> {
  return request<RollResponse>(`/api/provably_fair/roll/${encodeURIComponent(rollId)}`, { method: 'GET' });
}

/** GET /api/provably_fair/history?page=N: a 0-based page of the player's games and their revealed seeds. */
export function fetchHistory(page: number): Promise<HistoryResponse> {
  return request<HistoryResponse>('/api/provably_fair/history', { method: 'GET', query: { page } });
}
