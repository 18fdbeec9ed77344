/** The variant the server serves. */
import type { SiteResponse } from './contract.ts';
import { request } from './client.ts';

/** GET /api/site: variant, language, currency, chance decimals, main-site URL. */
export function fetchSite(): Promise<SiteResponse> {
  return request<SiteResponse>('/api/site', { method: 'GET' });
}
