/** Accounts: register, sign in, sign out, who am I. Form or JSON bodies with username and password. */
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MeResponse } from '../../src/api/contract.ts';
import { toMajor } from '../../src/domain/money.ts';
import { siteInfo } from '../config.ts';
import { checkCredentials, checkLogin, confirmsAge, createUser, userRow } from '../services/accounts.ts';
import { AppError } from '../messages.ts';
import { refuseCommonPassword } from '../services/password-policy.ts';
import { createSession, deleteSession } from '../services/sessions.ts';
import { balanceMinor } from '../services/wallet.ts';
import { errorResponses, sessionCookie, sessionOf, setSessionCookie, type AppContext } from './context.ts';

const Credentials = Type.Object({ username: Type.Optional(Type.Unknown()), password: Type.Optional(Type.Unknown()) });
/** Registration also asks the player to confirm being 18 or older. */
const NewAccount = Type.Object({
  username: Type.Optional(Type.Unknown()),
  password: Type.Optional(Type.Unknown()),
  age_confirmed: Type.Optional(Type.Unknown()),
});

/** Auth routes under /api/auth. */
export async function authRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { currency } = siteInfo(ctx.config.site);

  async function me(userId: number) {
    const row = await userRow(ctx.db, userId);
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      balance: toMajor(await balanceMinor(ctx.db, userId, currency)),
      bonus_balance: row.bonusBalance,
      avatar: row.avatarUrl,
      hide_name: row.hideName,
    };
  }

  app.post(
    '/api/auth/register',
    {
      schema: { body: NewAccount, response: { 200: MeResponse, ...errorResponses } },
      config: { rateLimit: app.limits.rule('authIp') },
    },
    async (req, reply) => {
      const { username, password } = checkCredentials(req.body, 'new');
      if (!confirmsAge(req.body.age_confirmed)) throw new AppError(400, 'age_required');
      await refuseCommonPassword(password);
      const userId = await createUser(ctx.db, username, password, {
        site: ctx.config.site,
        starterPackSize: ctx.config.demoMode ? ctx.config.starterPackSize : 0,
        ageConfirmedAt: new Date(),
      });
      setSessionCookie(ctx, req, reply, await createSession(ctx.db, userId, ctx.config.sessionTtlDays));
      return { status: true as const, user: await me(userId) };
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: Credentials, response: { 200: MeResponse, ...errorResponses } },
      config: { rateLimit: app.limits.rule('authIp') },
      // Per name from any address: once the body is read.
      preHandler: app.limits.hook('loginUser'),
    },
    async (req, reply) => {
      const { username, password } = checkCredentials(req.body);
      const userId = await checkLogin(ctx.db, username, password);
      setSessionCookie(ctx, req, reply, await createSession(ctx.db, userId, ctx.config.sessionTtlDays));
      return { status: true as const, user: await me(userId) };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: MeResponse, ...errorResponses } } }, async (req, reply) => {
    await deleteSession(ctx.db, sessionCookie(req));
    setSessionCookie(ctx, req, reply, null);
    return { status: true as const, user: null };
  });

  app.get('/api/auth/me', { schema: { response: { 200: MeResponse, ...errorResponses } } }, async (req) => {
    const who = await sessionOf(ctx, req);
    return { status: true as const, user: who ? await me(who.userId) : null };
  });
}
