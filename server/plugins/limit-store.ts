/**
 * Rate limit counts in Redis when set, else in this process. A Redis outage falls back to local counts: a limit
 * is an abuse brake, not the authority over money, and local counts still bound abuse to N times the limit.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

type Counted = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface Counter {
  incr(key: string, cb: Counted, timeWindow: number, max: number): void;
}

// The plugin's own stores; the package exports no path for them.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Counter;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Counter;

/** Keys kept by the local count (LRU); an evicted key starts a fresh window. */
const LOCAL_KEYS = 20_000;

/** Waits briefly for Redis; one that is down does not stop the start. */
export async function connectRedis(url: string, log: FastifyBaseLogger, waitMs = 2_000): Promise<Redis> {
  const redis = new Redis(url, {
    // Fail at once while disconnected, so the local count answers instead of a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
  });
  redis.on('error', () => {});
  const ready = once(redis, 'ready').then(() => true);
  const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs).unref());
  if (!(await Promise.race([ready, late])))
    log.warn('rate limits: Redis does not answer at start; counting in this process until it does');
  ready.catch(() => {});
  return redis;
}

/** All limits' counters, one namespace per bucket. */
export class LimitCounts {
  private readonly local: Counter = new LocalStore(false, false, LOCAL_KEYS);
  private readonly shared: Counter | null;
  private degraded = false;

  constructor(
    private readonly redis: Redis | null,
    prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.shared = redis && new RedisStore(false, false, redis, prefix);
    redis?.on('error', (err: Error) => this.degrade(err));
    redis?.on('ready', () => {
      if (this.degraded) log.warn('rate limits: Redis answers again; counting there');
      this.degraded = false;
    });
  }

  incr(bucket: string, key: string, cb: Counted, timeWindow: number, max: number): void {
    const full = `${bucket}:${key}`;
    if (this.shared && this.redis?.status === 'ready') {
      this.shared.incr(
        full,
        (err, res) => {
          if (!err) return cb(null, res);
          this.degrade(err);
          this.local.incr(full, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
      return;
    }
    if (this.redis) this.degrade(new Error(`Redis connection is ${this.redis.status}`));
    this.local.incr(full, cb, timeWindow, max);
  }

  private degrade(err: Error): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn({ err: err.message }, 'rate limits: Redis does not answer; counting in this process until it does');
  }

  /** A store for @fastify/rate-limit counting in the bucket its limit names. */
  storeCtor(): FastifyRateLimitStoreCtor {
    const store = (bucket: string): FastifyRateLimitStore => ({
      incr: (key, cb, timeWindow, max) => this.incr(bucket, key, cb as Counted, timeWindow, max),
      child: (options) =>
        store((options as unknown as { bucket?: string }).bucket ?? `${options.method}${options.url}`),
    });
    return function LimitStore() {
      return store('global');
    } as unknown as FastifyRateLimitStoreCtor;
  }
}
