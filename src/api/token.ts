/** Single-use action tokens. */
import type { TokenResponse } from './contract.ts';
import { request } from './client.ts';

/** GET /api/token?purpose=...: a fresh single-use token (fetch one right before each use). */
export async function fetchToken(purpose: 'caseopen' = 'caseopen'): Promise<string> {
  const res = await request<TokenResponse>('/api/token', { method: 'GET', query: { purpose } });
  return res.token;
}
