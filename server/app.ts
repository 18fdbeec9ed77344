/**
 * The Fastify application as a plugin (`upgradesApp`) plus `buildApp`, which wraps it in an instance with the
 * server options. main.ts only listens; tests call buildApp and drive app.inject.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import fp from 'fastify-plugin';
import type { Ajv } from 'ajv';
import { parse as parseQuery } from 'fast-querystring';
import { siteInfo, type Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import { isDbUnavailable } from './db/errors.ts';
import { AppError, t, type Lang, type MessageKey } from './messages.ts';
import { accountRoutes } from './routes/account.ts';
import { assetRoutes, sendSpaShell } from './routes/assets.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { steamAuthRoutes } from './routes/auth-steam.ts';
import { metricsPlugin, metricsRoutes } from './routes/metrics.ts';
import type { AppContext } from './routes/context.ts';
import { inventoryRoutes } from './routes/inventory.ts';
import { liveRoutes } from './routes/live.ts';
import { logRoutes } from './routes/log.ts';
import { provablyFairRoutes } from './routes/provably-fair.ts';
import { siteRoutes } from './routes/site.ts';
import { upgradeRoutes } from './routes/upgrade.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { TargetCatalogue } from './services/catalogue-index.ts';
import { loadLogKeys } from './services/log-key.ts';
import { startSequencer } from './services/log-sequencer.ts';
import { Metrics } from './services/metrics.ts';
import { sweepUsedTokens, tokenSecret } from './services/tokens.ts';

/** Options of the app plugin. */
export interface AppOptions {
  config: Config;
  handle: DbHandle;
  /** How long the serialised target catalogue is reused (ms). */
  catalogueTtlMs?: number;
  /** How often spent caseopen token ids whose tokens expired are deleted (ms). */
  tokenSweepMs?: number;
}

/**
 * The message a route's schema names for the field a validation error is about (a field's `msg`, see
 * routes/context.ts `refusal`); undefined for a field without one or a body that is not an object at all.
 */
function schemaRefusal(err: FastifyError, req: FastifyRequest): MessageKey | undefined {
  const part = err.validationContext as 'body' | 'querystring' | 'params' | 'headers' | undefined;
  const first = err.validation?.[0];
  if (!part || !first) return undefined;
  const field = (first.params as { missingProperty?: string }).missingProperty ?? first.instancePath.split('/')[1];
  const schema = req.routeOptions.schema?.[part] as { properties?: Record<string, { msg?: MessageKey }> } | undefined;
  return field === undefined ? undefined : schema?.properties?.[field]?.msg;
}

/** Maps any thrown error to a status and message key; 4xx for bad input, 503 when the database is gone. */
function classify(
  err: FastifyError | AppError | Error,
  req: FastifyRequest,
): { status: number; key: MessageKey } | AppError {
  if (err instanceof AppError) return err;
  const status = (err as FastifyError).statusCode;
  const refusal = (err as FastifyError).validation ? schemaRefusal(err as FastifyError, req) : undefined;
  if (refusal) return new AppError(400, refusal);
  if ((err as FastifyError).validation || (status !== undefined && status >= 400 && status < 500)) {
    return { status: status === 429 ? 429 : (status ?? 400), key: status === 429 ? 'rate_limited' : 'bad_request' };
  }
  if (isDbUnavailable(err)) return { status: 503, key: 'db_unavailable' };
  return { status: 500, key: 'internal' };
}

/** A form body; a `%` that starts no valid UTF-8 escape is a 400, not a value stored as sent. */
function parseForm(text: string): Record<string, unknown> {
  for (const part of text.split(/[&=]/)) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part);
    } catch {
      throw Object.assign(new Error('malformed form escape'), { statusCode: 400 });
    }
  }
  return parseQuery(text);
}

/** The whole site: API routes, item pictures, the SPA and the error answers. */
// fastify-plugin: the error and not-found handlers apply to the parent instance.
export const upgradesApp = fp<AppOptions>(async (app, opts) => {
  const { config, handle } = opts;
  const lang = siteInfo(config.site).lang as Lang;
  const ctx: AppContext = {
    config,
    handle,
    db: handle.db,
    lang,
    targets: new TargetCatalogue(handle.db, config, opts.catalogueTtlMs),
    tokenSecret: await tokenSecret(handle.db),
    metrics: new Metrics(config, handle),
    logKeys: await loadLogKeys(handle.raw, config),
  };
  app.decorate('upgrades', ctx);

  // Spent token ids are only needed until their tokens expire; each process sweeps (idempotent, one indexed delete).
  const sweep = setInterval(() => {
    sweepUsedTokens(handle.raw).catch((err: Error) => {
      if (!isDbUnavailable(err)) app.log.error({ err }, 'token sweep failed');
    });
  }, opts.tokenSweepMs ?? 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Every process may sequence the public log; an advisory lock lets one at a time, and another takes over.
  if (config.logSequenceMs > 0) {
    const stop = startSequencer(
      handle.raw,
      ctx.logKeys,
      config.site,
      config.logSequenceMs,
      () => {},
      (err) => {
        if (!isDbUnavailable(err)) app.log.error({ err }, 'log sequencer failed');
      },
    );
    app.addHook('onClose', stop);
  }

  // An empty JSON body is an empty object (the page posts the index call with no body); otherwise Fastify's own
  // parser, which refuses `__proto__` and `constructor.prototype` keys.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, {});
    jsonParser(req, String(body), (err, value) => done(err && Object.assign(err, { statusCode: 400 }), value));
  });
  await app.register(fastifyFormbody, { parser: parseForm });
  // No cookie plugin: the app reads only its session cookie (routes/context.ts sessionCookie) and sets only it.
  // Headers, cross-site refusal and rate limits guard every route registered below.
  await app.register(securityPlugin, { ctx });
  await app.register(rateLimitPlugin, { ctx });
  await app.register(metricsPlugin, { ctx });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const found = classify(err, req);
    if (found instanceof AppError) {
      return reply
        .code(found.statusCode)
        .send({ status: false, msg: t(lang, found.key, found.params), ...found.fields });
    }
    if (found.status >= 500) req.log.error({ err }, 'request failed');
    reply.code(found.status).send({ status: false, msg: t(lang, found.key) });
  });
  const pageLimit = app.limits.hook('pageIp');
  app.setNotFoundHandler(async (req, reply) => {
    const api = req.url.startsWith('/api/') || req.url === '/api';
    if (!api && (req.method === 'GET' || req.method === 'HEAD')) {
      await pageLimit(req, reply);
      return sendSpaShell(ctx, reply);
    }
    return reply.code(404).send({ status: false, msg: t(lang, 'not_found') });
  });

  await app.register(siteRoutes, ctx);
  await app.register(authRoutes, ctx);
  await app.register(steamAuthRoutes, ctx);
  await app.register(upgradeRoutes, ctx);
  await app.register(inventoryRoutes, ctx);
  await app.register(provablyFairRoutes, ctx);
  await app.register(auditRoutes, ctx);
  await app.register(accountRoutes, ctx);
  await app.register(logRoutes, ctx);
  await app.register(liveRoutes, ctx);
  await app.register(metricsRoutes, ctx);
  await app.register(assetRoutes, ctx);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's shared context (config, database, caches). */
    upgrades: AppContext;
  }
}

/** A Fastify instance with the app registered and ready (not listening). */
export async function buildApp(
  config: Config,
  handle: DbHandle,
  extra: Partial<AppOptions> = {},
): Promise<FastifyInstance> {
  const timeout = config.requestTimeoutMs;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, its headers within 10 s of that; Node
    // checks every quarter of it (at most 30 s), answers 408 and closes.
    requestTimeout: timeout,
    http: {
      headersTimeout: Math.min(10_000, timeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(timeout / 4))),
    },
    // Idle keep-alive sockets close after 72 s, longer than the 60 s idle timeout of common load balancers (which
    // must close first); a socket silent both ways for 2 minutes is closed whatever it waits for.
    keepAliveTimeout: 72_000,
    connectionTimeout: 120_000,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // `msg` names the refusal a field's schema gives (routes/context.ts `refusal`): an annotation, not a check.
    ajv: {
      plugins: [(ajv: Ajv) => ajv.addKeyword('msg')],
    },
  });
  await app.register(upgradesApp, { config, handle, ...extra });
  await app.ready();
  return app;
}
