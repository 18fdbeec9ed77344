/**
 * Security headers and cross-site refusal. The CSP allows no inline script and no eval (the shell adds hashes of
 * its own inline parts; Pixi runs as `pixi.js/unsafe-eval`, which needs no eval). HSTS only on HTTPS requests, so
 * plain-HTTP installs are not locked out. A state-changing request from another site's Origin/Referer is a 403.
 */
import Fastify, { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { AppError } from '../messages.ts';
import type { AppContext } from '../routes/context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** 180 days; no includeSubDomains: the upgrades page may share a domain with sites we do not run. */
export const HSTS_VALUE = 'max-age=15552000';

/** The CSP directives for a configuration (IMAGE_BASE_URL and reCAPTCHA add their origins). */
export function cspDirectives(config: AppContext['config']): Record<string, string[]> {
  const images = ["'self'", 'data:', 'blob:'];
  if (config.imageBaseUrl) images.push(new URL(config.imageBaseUrl).origin);
  images.push(...config.steamAvatarOrigins);
  const scripts = ["'self'"];
  const connect = ["'self'"];
  const frames = ["'none'"];
  if (config.recaptchaSiteKey) {
    scripts.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frames.splice(0, 1, 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    styleSrc: ["'self'"],
    imgSrc: images,
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    workerSrc: ["'self'", 'blob:'],
    frameSrc: frames,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** The origin a browser says a request came from: Origin, else the Referer's origin; undefined if neither. */
function requestSource(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = req.headers.referer;
  if (typeof referer !== 'string' || referer === '') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** Whether `source` is this site (same host and port as the request) or an allowed origin. */
function isSameSite(source: string, req: FastifyRequest, allowed: string[]): boolean {
  if (allowed.includes(source)) return true;
  try {
    const from = new URL(source);
    // Host only, not scheme: behind a TLS proxy without TRUST_PROXY the app sees http for an https page.
    const here = new URL(`${req.protocol}://${req.host}`);
    return (
      (from.protocol === 'http:' || from.protocol === 'https:') &&
      from.hostname === here.hostname &&
      hostPort(from) === hostPort(here)
    );
  } catch {
    return false;
  }
}

function hostPort(u: URL): string {
  return u.port || (u.protocol === 'https:' ? '443' : '80');
}

/** Headers of every answer that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sends with these options, taken once from one answer of a throwaway instance.
 * The plugin rebuilds helmet's whole middleware (CSP parsing included) on every request; these headers depend
 * on the configuration only (no CSP nonces, HSTS handled below), so computing them once gives the same bytes.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(res.headers).filter(([k, v]) => !NOT_HELMET.has(k) && typeof v === 'string') as Array<
        [string, string]
      >,
    );
  } finally {
    await probe.close();
  }
}

/** Headers and cross-site refusal as hooks on the app; registered before the routes. */
export const securityPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const headers = await helmetHeaders({
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(ctx.config) },
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Item pictures from IMAGE_BASE_URL are other-origin images without CORP headers.
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headers);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    if (SAFE_METHODS.has(req.method)) return;
    const source = requestSource(req);
    if (source !== undefined && !isSameSite(source, req, ctx.config.allowedOrigins))
      throw new AppError(403, 'cross_site');
  });
});
