/** The public fairness audit's figures. */
import type { AuditResponse } from './auditContract.ts';
import { request } from './client.ts';

/** GET /api/provably_fair/audit?window=24h|7d|30d|all. */
export function fetchAudit(window: string): Promise<AuditResponse> {
  return request<AuditResponse>('/api/provably_fair/audit', { method: 'GET', query: { window } });
}
