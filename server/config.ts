/** Configuration from the environment; every bad value is reported at once, so an operator fixes them in one go. */
import { isIP } from 'node:net';
import path from 'node:path';
import type { HouseRules } from '../src/domain/rules.ts';

import { SITES, siteInfo, type Site } from '../src/domain/sites.ts';

export { siteInfo, type Site };

/** Everything the server reads from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  pgPoolSize: number;
  /** Cluster workers sharing the port; more than 1 needs PostgreSQL. */
  workers: number;
  site: Site;
  rubPerUsd: number;
  demoMode: boolean;
  starterPackSize: number;
  imageBaseUrl: string | null;
  mainSiteUrl: string;
  recaptchaSecret: string | null;
  recaptchaSiteKey: string | null;
  recaptchaVerifyUrl: string;
  recaptchaMinScore: number;
  sessionTtlDays: number;
  tokenTtlSeconds: number;
  ticketStepMinor: number;
  /** 'auto': Secure cookies when the request arrived over HTTPS. */
  cookieSecure: 'auto' | boolean;
  /** The proxies' addresses/CIDRs whose X-Forwarded-* headers are believed; false: none. */
  trustProxy: false | string;
  logLevel: string;
  distDir: string;
  /** Rate limits: 0 = off. Sign-in and register attempts per address. */
  rateLimitAuthPerMin: number;
  /** Sign-in attempts per username, from any address. */
  rateLimitLoginPerUserPerMin: number;
  /** upgrade_items per signed-in player; the next one per address. */
  rateLimitUpgradePerMin: number;
  rateLimitUpgradeIpPerMin: number;
  /** Origins besides the site's own that may post to the API. */
  allowedOrigins: string[];
  houseRules: HouseRules;
  /** More open live streams per address (across processes with Redis) are refused with 429. */
  liveMaxStreamsPerIp: number;
  /** More open live streams in this process are refused with 503 and Retry-After. */
  liveMaxStreams: number;
  liveHeartbeatSeconds: number;
  /** The site's external origin: Steam's realm and return address. */
  publicUrl: string;
  /** An OpenID assertion must name exactly this endpoint. */
  steamOpenidUrl: string;
  /** For persona names and avatars; null shows a neutral name. */
  steamApiKey: string | null;
  steamApiUrl: string;
  /** The page's CSP allows exactly these for images. */
  steamAvatarOrigins: string[];
  /** Bearer token GET /metrics requires; null lets loopback clients only. */
  metricsToken: string | null;
  /** Shares the rate limits' counts between processes; null: each counts its own. */
  redisUrl: string | null;
  /** Index, token and first-screen requests per address. */
  rateLimitPageIpPerMin: number;
  /** Seed rotations and client-seed changes per player. */
  rateLimitSeedPerHour: number;
  /** Audit and export requests per address. */
  rateLimitPublicPerMin: number;
  /** How long one computation of the audit's figures answers every request for its window. */
  auditCacheMs: number;
  /** Sells, name toggles and seed-state or history reads per player. */
  rateLimitPlayerPerMin: number;
  /** How long a client may take to send a whole request. */
  requestTimeoutMs: number;
  /** The shortest cool-off a player can take, in hours: a shorter choice lasts this long. */
  coolOffMinHours: number;
  /** The public log's origin line, `<host>/upgrades/<site>` (host of PUBLIC_URL unless LOG_ORIGIN is set). */
  logOrigin: string;
  /** The log's signed-note private key; null: one made once and kept in the database. */
  logSigningKey: string | null;
  /** Witness verifier keys whose cosignatures the server keeps and serves. */
  witnessKeys: string[];
  /** How often each process tries to sequence committed rows into the log; 0 = never (tests drive it). */
  logSequenceMs: number;
}

/** Thrown by loadConfig with one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

/** The most MAX_STAKE_ITEMS may be: a request names at most this many ids. */
export const MAX_STAKE_ITEMS_LIMIT = 50;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

/** Collects problems instead of stopping at the first. */
class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  str(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < min || n > max) {
      this.problems.push(`${name}=${JSON.stringify(v)}: expected an integer from ${min} to ${max}`);
      return fallback;
    }
    return n;
  }

  num(name: string, fallback: number, min: number, max: number): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || n > max) {
      this.problems.push(`${name}=${JSON.stringify(v)}: expected a number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const v = this.raw(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (['1', 'true', 'on', 'yes'].includes(v)) return true;
    if (['0', 'false', 'off', 'no'].includes(v)) return false;
    this.problems.push(`${name}=${JSON.stringify(v)}: expected true/false (1/0, on/off, yes/no)`);
    return fallback;
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(v)) {
      this.problems.push(`${name}=${JSON.stringify(v)}: expected one of ${allowed.join(', ')}`);
      return fallback;
    }
    return v as T;
  }

  /** A comma-separated list of http(s) origins, normalised to scheme://host[:port]. */
  origins(name: string, fallback: string[] = []): string[] {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    const out: string[] = [];
    for (const part of v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      try {
        const u = new URL(part);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
        out.push(u.origin);
      } catch {
        this.problems.push(`${name}: ${JSON.stringify(part)} is not an http(s) origin such as https://example.com`);
      }
    }
    return out;
  }

  url(name: string, fallback: string | null, protocols: string[]): string | null {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return v;
    } catch {
      this.problems.push(
        `${name}=${JSON.stringify(v)}: expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      );
      return fallback;
    }
  }
}

/** PUBLIC_URL as an origin; by default the listen address. */
function publicOrigin(r: Reader, host: string, port: number): string {
  const v = r.url('PUBLIC_URL', null, ['http:', 'https:']);
  if (v !== null) {
    const u = new URL(v);
    if (u.pathname === '/' && !u.search && !u.hash) return u.origin;
    r.problems.push(`PUBLIC_URL=${JSON.stringify(v)}: expected an origin such as https://example.com, without a path`);
  }
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Names proxy-addr knows for whole ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as a list of addresses/CIDRs. `true` (or a hop count) would believe whatever X-Forwarded-For a client
 * sends through an appending proxy, letting it choose its own address for every limit and for /metrics.
 */
function proxyList(r: Reader): false | string {
  const v = r.raw('TRUST_PROXY');
  if (v === undefined || ['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return false;
  if (['1', 'true', 'on', 'yes'].includes(v.toLowerCase()) || /^\d+$/.test(v)) {
    r.problems.push(
      `TRUST_PROXY=${JSON.stringify(v)}: trusting every hop lets a client choose its own address; list the proxies' addresses instead, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.5,10.0.1.0/24`,
    );
    return false;
  }
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [ip, bits, ...rest] = entry.split('/');
    const family = isIP(ip);
    const max = family === 6 ? 128 : 32;
    const ok =
      PROXY_RANGES.includes(entry) ||
      (family !== 0 && rest.length === 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max)));
    if (!ok)
      r.problems.push(
        `TRUST_PROXY: ${JSON.stringify(entry)} is not an address or CIDR; list the proxies' addresses, e.g. 127.0.0.1,10.0.1.0/24`,
      );
  }
  return entries.join(',');
}

/** Where GetPlayerSummaries points its avatar URLs. */
const STEAM_AVATAR_CDNS = [
  'https://avatars.steamstatic.com',
  'https://avatars.akamai.steamstatic.com',
  'https://avatars.cloudflare.steamstatic.com',
];

/** Parses and validates the environment; throws ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const r = new Reader(env);
  const site = r.oneOf<Site>('SITE', 'cs', SITES);
  const databaseUrl = r.url('DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const rubPerUsd = r.num('RUB_PER_USD', 90, 0.01, 100_000);
  const defaultStep = site === 'ru' ? Math.round(100 * rubPerUsd) : 100;
  const secureRaw = r.raw('COOKIE_SECURE')?.toLowerCase();
  const cookieSecure = secureRaw === undefined || secureRaw === 'auto' ? 'auto' : r.bool('COOKIE_SECURE', false);
  const trustProxy = proxyList(r);
  const mainSite = r.raw('MAIN_SITE_URL');
  // `//host` and `/\host` are other sites to a browser.
  const sitePath = mainSite !== undefined && /^\/(?![/\\])[^\\\s]*$/.test(mainSite);
  if (mainSite !== undefined && !sitePath) {
    if (mainSite.startsWith('/'))
      r.problems.push(`MAIN_SITE_URL=${JSON.stringify(mainSite)}: a path must start with a single / and have no \\`);
    else r.url('MAIN_SITE_URL', null, ['http:', 'https:']);
  }

  const config: Config = {
    port: r.int('PORT', 3000, 0, 65_535),
    host: r.str('HOST', '127.0.0.1'),
    dataDir: path.resolve(r.str('DATA_DIR', './data')),
    databaseUrl,
    pgPoolSize: r.int('PG_POOL_SIZE', 10, 1, 1000),
    workers: r.int('WEB_CONCURRENCY', 1, 1, 64),
    site,
    rubPerUsd,
    demoMode: r.bool('DEMO_MODE', databaseUrl === null),
    starterPackSize: r.int('STARTER_PACK_SIZE', 30, 1, 1000),
    imageBaseUrl: r.url('IMAGE_BASE_URL', null, ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
    mainSiteUrl: mainSite ?? '/',
    recaptchaSecret: r.raw('RECAPTCHA_SECRET') ?? null,
    recaptchaSiteKey: r.raw('RECAPTCHA_SITE_KEY') ?? null,
    recaptchaVerifyUrl: r.url('RECAPTCHA_VERIFY_URL', 'https://www.google.com/recaptcha/api/siteverify', [
      'http:',
      'https:',
    ])!,
    recaptchaMinScore: r.num('RECAPTCHA_MIN_SCORE', 0.5, 0, 1),
    sessionTtlDays: r.int('SESSION_TTL_DAYS', 30, 1, 3650),
    tokenTtlSeconds: r.int('TOKEN_TTL_SECONDS', 300, 5, 86_400),
    ticketStepMinor: r.int('TICKET_STEP_MINOR', defaultStep, 1, 1_000_000_000),
    cookieSecure,
    trustProxy,
    logLevel: r.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
    distDir: path.resolve(r.str('DIST_DIR', './dist')),
    // A player spins at most ~11 games a minute; an address may hide a NAT of several players.
    rateLimitAuthPerMin: r.int('RATE_LIMIT_AUTH_PER_MIN', 60, 0, 1_000_000),
    rateLimitLoginPerUserPerMin: r.int('RATE_LIMIT_LOGIN_PER_USER_PER_MIN', 10, 0, 1_000_000),
    rateLimitUpgradePerMin: r.int('RATE_LIMIT_UPGRADE_PER_MIN', 60, 0, 1_000_000),
    rateLimitUpgradeIpPerMin: r.int('RATE_LIMIT_UPGRADE_IP_PER_MIN', 240, 0, 1_000_000),
    allowedOrigins: r.origins('ALLOWED_ORIGINS'),
    houseRules: houseRules(r),
    liveMaxStreamsPerIp: r.int('LIVE_MAX_STREAMS_PER_IP', 8, 1, 100_000),
    // Each open stream holds a socket and at most its bound of unsent bytes, so the total bounds the memory.
    liveMaxStreams: r.int('LIVE_MAX_STREAMS', 5000, 1, 1_000_000),
    // Proxies drop a response silent for 30 to 60 s.
    liveHeartbeatSeconds: r.int('LIVE_HEARTBEAT_SECONDS', 15, 1, 300),
    publicUrl: '',
    steamOpenidUrl: r.url('STEAM_OPENID_URL', 'https://steamcommunity.com/openid/login', ['http:', 'https:'])!,
    steamApiKey: r.raw('STEAM_API_KEY') ?? null,
    steamApiUrl: r.url('STEAM_API_URL', 'https://api.steampowered.com', ['http:', 'https:'])!.replace(/\/+$/, ''),
    steamAvatarOrigins: r.origins('STEAM_AVATAR_ORIGINS', STEAM_AVATAR_CDNS),
    metricsToken: r.raw('METRICS_TOKEN') ?? null,
    redisUrl: r.url('REDIS_URL', null, ['redis:', 'rediss:']),
    rateLimitPageIpPerMin: r.int('RATE_LIMIT_PAGE_IP_PER_MIN', 600, 0, 1_000_000),
    // Each rotation keeps a seed row for good.
    rateLimitSeedPerHour: r.int('RATE_LIMIT_SEED_PER_HOUR', 30, 0, 1_000_000),
    rateLimitPlayerPerMin: r.int('RATE_LIMIT_PLAYER_PER_MIN', 120, 0, 1_000_000),
    rateLimitPublicPerMin: r.int('RATE_LIMIT_PUBLIC_PER_MIN', 120, 0, 1_000_000),
    auditCacheMs: r.int('AUDIT_CACHE_MS', 2000, 0, 60_000),
    // Requests are a few KB: a real client sends one in milliseconds, a slow attacker never does.
    requestTimeoutMs: r.int('REQUEST_TIMEOUT_MS', 30_000, 500, 600_000),
    // Up to a year: a longer break is what the permanent exclusion is for.
    coolOffMinHours: r.int('COOL_OFF_MIN_HOURS', 24, 1, 8_760),
    logOrigin: '',
    logSigningKey: r.raw('LOG_SIGNING_KEY') ?? null,
    witnessKeys: (r.raw('WITNESS_KEYS') ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    logSequenceMs: r.int('LOG_SEQUENCE_MS', 50, 0, 60_000),
  };
  config.publicUrl = publicOrigin(r, config.host, config.port);
  config.logOrigin = r.raw('LOG_ORIGIN') ?? `${new URL(config.publicUrl).host}/upgrades/${site}`;
  if (/[\s+]/.test(config.logOrigin)) r.problems.push(`LOG_ORIGIN=${JSON.stringify(config.logOrigin)}: no spaces or +`);
  if (config.workers > 1 && databaseUrl === null) {
    r.problems.push(
      `WEB_CONCURRENCY=${config.workers}: several processes need DATABASE_URL (the embedded PGlite database is single-process); use 1 or set DATABASE_URL`,
    );
  }
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return { ...config, ...overrides };
}

/** A decimal variable in integer 10^-decimals units, read from its digits so no binary fraction rounds it. */
function fixedPoint(r: Reader, name: string, fallback: number, decimals: number, min: number, max: number): number {
  const v = r.raw(name);
  if (v === undefined) return fallback;
  const m = new RegExp(`^(\\d{1,6})(?:\\.(\\d{1,${decimals}}))?$`).exec(v);
  const units = m ? Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0')) : NaN;
  if (!(units >= min && units <= max)) {
    const scale = 10 ** decimals;
    r.problems.push(
      `${name}=${JSON.stringify(v)}: expected a number from ${min / scale} to ${max / scale} with at most ${decimals} decimals`,
    );
    return fallback;
  }
  return units;
}

function houseRules(r: Reader): HouseRules {
  const rules: HouseRules = {
    payoutPer100k: fixedPoint(r, 'PAYOUT_FACTOR', 90_000, 5, 1_000, 100_000),
    // Up to 99.999 %: 100 % would be no game.
    chanceMin: fixedPoint(r, 'CHANCE_MIN_PERCENT', 100, 3, 1, 99_999),
    chanceMax: fixedPoint(r, 'CHANCE_MAX_PERCENT', 80_000, 3, 1, 99_999),
    maxStakeItems: r.int('MAX_STAKE_ITEMS', 15, 1, MAX_STAKE_ITEMS_LIMIT),
  };
  if (rules.chanceMin > rules.chanceMax) {
    r.problems.push(
      `CHANCE_MIN_PERCENT=${rules.chanceMin / 1000} is above CHANCE_MAX_PERCENT=${rules.chanceMax / 1000}: the minimum must not exceed the maximum`,
    );
  }
  return rules;
}
