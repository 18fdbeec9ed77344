/**
 * The player's play-safe settings (cool-off, limits, reality check) and statistics, under /api/account. Signed in;
 * amounts in major units, times ISO 8601.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LimitsResponse, StatsResponse } from '../../src/api/accountContract.ts';
import { parseAmount, toMajor } from '../../src/domain/money.ts';
import { isCoolOffPeriod, isLimitKind, isLimitPeriod, REALITY_CHECK_CHOICES } from '../../src/domain/playSafe.ts';
import type { PlayerFigures } from '../../src/domain/playerStats.ts';
import { siteInfo } from '../config.ts';
import { AppError } from '../messages.ts';
import { playSafeView, setLimit, setRealityCheck, startCoolOff } from '../services/play-safe.ts';
import { playerGamesCsv, playerStats } from '../services/player-stats.ts';
import { errorResponses, requireUser, type AppContext } from './context.ts';

// Values are checked by hand below, so each bad one gets its own translated message.
const field = Type.Optional(Type.Unknown());
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An amount field: empty or absent removes the limit; otherwise major units above 0 with at most two decimals. */
function limitAmount(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const minor = parseAmount(typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '');
  if (minor === null || minor <= 0) throw new AppError(400, 'limit_amount_invalid');
  return minor;
}

/** A whole number of minutes the reality check offers. */
function realityMinutes(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,3}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(REALITY_CHECK_CHOICES as readonly number[]).includes(n)) throw new AppError(400, 'reality_check_invalid');
  return n;
}

const figures = (f: PlayerFigures) => ({
  games: f.games,
  stake: toMajor(f.stakeMinor),
  won: toMajor(f.wonMinor),
  net: toMajor(f.netMinor),
});

/** Account routes. */
export async function accountRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { currency } = siteInfo(ctx.config.site);
  const limitsSchema = { response: { 200: LimitsResponse, ...errorResponses } };
  const rateLimit = { rateLimit: app.limits.rule('pageIp') };

  async function limitsAnswer(userId: number) {
    const now = Date.now();
    const view = await playSafeView(ctx.handle.raw, userId, currency, now);
    const running = view.state.coolOffUntil !== null && view.state.coolOffUntil > now;
    return {
      status: true as const,
      cool_off_until: running ? iso(view.state.coolOffUntil) : null,
      permanent: view.state.permanent,
      reality_check_minutes: view.realityCheckMinutes,
      limits: view.limits.map((l) => ({
        kind: l.kind,
        period: l.period,
        amount: toMajor(l.amountMinor),
        used: toMajor(l.usedMinor),
        resets_at: iso(l.resetsAt)!,
        pending_amount: l.pendingAmountMinor === null ? null : toMajor(l.pendingAmountMinor),
        pending_at: iso(l.pendingAt),
      })),
    };
  }

  app.get('/api/account/limits', { schema: limitsSchema, config: rateLimit }, async (req) => {
    const who = await requireUser(ctx, req);
    return limitsAnswer(who.userId);
  });

  app.post(
    '/api/account/limits',
    {
      schema: { body: Type.Object({ kind: field, period: field, amount: field }), ...limitsSchema },
      config: rateLimit,
    },
    async (req) => {
      const who = await requireUser(ctx, req);
      const { kind, period, amount } = req.body ?? {};
      if (!isLimitKind(kind)) throw new AppError(400, 'limit_kind_invalid');
      if (!isLimitPeriod(period)) throw new AppError(400, 'limit_period_invalid');
      await setLimit(ctx.db, who.userId, currency, kind, period, limitAmount(amount), Date.now());
      return limitsAnswer(who.userId);
    },
  );

  app.post(
    '/api/account/cool_off',
    { schema: { body: Type.Object({ period: field }), ...limitsSchema }, config: rateLimit },
    async (req) => {
      const who = await requireUser(ctx, req);
      const period = req.body?.period;
      if (!isCoolOffPeriod(period)) throw new AppError(400, 'cool_off_period_invalid');
      if (await startCoolOff(ctx.db, who.userId, period, ctx.config.coolOffMinHours, Date.now()))
        ctx.metrics.coolOffStarted(period);
      return limitsAnswer(who.userId);
    },
  );

  app.post(
    '/api/account/reality_check',
    { schema: { body: Type.Object({ minutes: field }), ...limitsSchema }, config: rateLimit },
    async (req) => {
      const who = await requireUser(ctx, req);
      await setRealityCheck(ctx.db, who.userId, realityMinutes(req.body?.minutes));
      return limitsAnswer(who.userId);
    },
  );

  app.get(
    '/api/account/stats',
    { schema: { response: { 200: StatsResponse, ...errorResponses } }, config: rateLimit },
    async (req) => {
      const who = await requireUser(ctx, req);
      const s = await playerStats(ctx.handle.raw, who.userId, currency, Date.now());
      const win = s.biggestWin;
      return {
        status: true as const,
        currency,
        day: figures(s.day),
        week: figures(s.week),
        month: figures(s.month),
        total: figures(s.total),
        biggest_win: win && {
          roll_id: win.rollId,
          played_at: win.playedAt.toISOString(),
          item: win.item,
          stake: toMajor(win.stakeMinor),
          won: toMajor(win.wonMinor),
        },
      };
    },
  );

  app.get(
    '/api/account/stats.csv',
    { schema: { response: { 200: Type.String({ description: 'text/csv' }), ...errorResponses } }, config: rateLimit },
    async (req, reply) => {
      const who = await requireUser(ctx, req);
      const csv = await playerGamesCsv(ctx.handle.raw, who.userId, currency);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="my-games.csv"')
        .send(csv);
    },
  );
}
