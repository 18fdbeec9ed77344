/** Everything but the API: generated item pictures, the built SPA, and its shell for client routes. */
import fs from 'node:fs';
import path from 'node:path';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import { itemSvg } from '../catalogue/image.ts';
import { itemPng } from '../catalogue/picture.ts';
import { catalogueItems } from '../db/schema.ts';
import type { SiteResponse } from '../../src/api/contract.ts';
import { SITE_META_NAME } from '../../src/site/fromDocument.ts';
import { houseRulesToWire } from '../../src/domain/rules.ts';
import { siteInfo } from '../config.ts';
import { cspWithFirstScreen, deferEntry, firstScreen, metaTag, shellWithFirstScreen } from '../prerender.ts';
import { AppError } from '../messages.ts';
import type { AppContext } from './context.ts';

/** What GET /api/site answers for this server's variant. */
export function siteAnswer(ctx: AppContext): SiteResponse {
  const info = siteInfo(ctx.config.site);
  return {
    status: true,
    site: ctx.config.site,
    game: info.game,
    lang: info.lang,
    currency: info.currency,
    chance_decimals: info.chanceDecimals,
    main_site_url: ctx.config.mainSiteUrl,
    recaptcha_site_key: ctx.config.recaptchaSecret ? ctx.config.recaptchaSiteKey : null,
    house_rules: houseRulesToWire(ctx.config.houseRules),
  };
}

/** The shell with the variant in a meta tag, so the page need not call for it, and the site's `<html lang>`. */
export function shellWithSite(shell: string, site: SiteResponse): string {
  const html = shell.replace(/<html(?: lang="[^"]*")?>/i, `<html lang="${site.lang === 'ru' ? 'ru' : 'en'}">`);
  const meta = metaTag(SITE_META_NAME, site);
  if (html.includes('</head>')) return html.replace('</head>', `${meta}\n</head>`);
  // After the doctype: before it, the page would render in quirks mode.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

/** Sends the shell with its first screen where there is one, or 503 when the SPA was never built. */
export async function sendSpaShell(ctx: AppContext, reply: FastifyReply): Promise<FastifyReply> {
  const file = path.join(ctx.config.distDir, 'index.html');
  let html: string;
  try {
    html = await fs.promises.readFile(file, 'utf8');
  } catch {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The page is not built yet: run npm run build (or npm start).\n');
  }
  const site = siteAnswer(ctx);
  const { url, headers } = reply.request;
  const screen = firstScreen(site, url, headers.cookie, ctx.targets.latestItems());
  // A first screen paints without script, so the entry waits for that paint.
  const shell = screen ? deferEntry(html) : { html, scriptHash: null };
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', cspWithFirstScreen(csp, screen, shell.scriptHash));
  // It follows the preference cookies: a cache must not hand one player's page to another.
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'cookie')
    .send(shellWithFirstScreen(shellWithSite(shell.html, site), screen));
}

/** Item pictures and the static SPA. */
export async function assetRoutes(base: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/app/public/items/:file',
    { schema: { params: Type.Object({ file: Type.String() }) } },
    async (req, reply) => {
      const match = /^(\d{1,10})\.(svg|png)$/.exec(req.params.file);
      if (!match) throw new AppError(404, 'not_found');
      const [item] = await ctx.db
        .select({ name: catalogueItems.name, type: catalogueItems.type })
        .from(catalogueItems)
        .where(eq(catalogueItems.id, Number(match[1])));
      if (!item) throw new AppError(404, 'not_found');
      // Names and rarities never change under an id.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      if (match[2] === 'png') return reply.type('image/png').send(itemPng(item));
      return reply
        .type('image/svg+xml')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(itemSvg(item));
    },
  );

  // The site root has no file of its own: it is the SPA too.
  app.get('/', { config: { rateLimit: app.limits.rule('pageIp') } }, async (_req, reply) => sendSpaShell(ctx, reply));

  await app.register(fastifyStatic, {
    root: ctx.config.distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset (docs/decisions/precompressed-assets.md).
    preCompressed: true,
    // Vite fingerprints assets/, so those files never change under their name.
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
