/** The account's play-safe settings and statistics (/api/account/*): one function per endpoint. */
import type { LimitsResponse, StatsResponse } from './accountContract.ts';
import { formBody, request } from './client.ts';
import type { CoolOffPeriod, LimitKind, LimitPeriod } from '../domain/playSafe.ts';

/** Where the player's games download as CSV (a plain link: the browser saves the file). */
export const STATS_CSV_URL = '/api/account/stats.csv';

/** GET /api/account/limits: the cool-off, the reality check and every limit with its use. */
export function fetchLimits(): Promise<LimitsResponse> {
  return request<LimitsResponse>('/api/account/limits', { method: 'GET' });
}

/** POST /api/account/limits: sets, lowers, raises (after 24 h) or, with an empty amount, removes one limit. */
export function saveLimit(kind: LimitKind, period: LimitPeriod, amount: string): Promise<LimitsResponse> {
  return request<LimitsResponse>('/api/account/limits', {
    method: 'POST',
    body: formBody({ kind, period, amount }),
  });
}

/** POST /api/account/cool_off: starts a cool-off or excludes for good; it cannot be shortened. */
export function startCoolOff(period: CoolOffPeriod): Promise<LimitsResponse> {
  return request<LimitsResponse>('/api/account/cool_off', { method: 'POST', body: formBody({ period }) });
}

/** POST /api/account/reality_check: minutes between reality checks (0: off). */
export function saveRealityCheck(minutes: number): Promise<LimitsResponse> {
  return request<LimitsResponse>('/api/account/reality_check', {
    method: 'POST',
    body: formBody({ minutes: String(minutes) }),
  });
}

/** GET /api/account/stats: games, stake, won and net per day, week, month and in total, and the biggest win. */
export function fetchStats(): Promise<StatsResponse> {
  return request<StatsResponse>('/api/account/stats', { method: 'GET' });
}
