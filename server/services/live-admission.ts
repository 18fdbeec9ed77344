/**
 * Who may open a live stream: at most LIVE_MAX_STREAMS per process (beyond it 503 and Retry-After), and at most
 * LIVE_MAX_STREAMS_PER_IP per address across every process when Redis is set (a sorted set per address whose
 * members expire unless their process refreshes them, so a process that dies frees its streams within a TTL).
 * While Redis does not answer, each process counts the address alone, as the rate limits do.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/** A member nobody refreshes is gone after this long (a process that died). */
const TTL_MS = 30_000;
const REFRESH_MS = 10_000;
/** What a refused client is told to wait before trying again, in seconds. */
export const LIVE_RETRY_AFTER_S = 10;

// Expiry on Redis's clock, so processes' clocks need not agree.
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;
const REFRESH = `
local t = redis.call('TIME')
local until_ = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], until_, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/** An admitted stream's place; release() once, when it closes. */
export interface LiveTicket {
  release(): void;
}

type ScriptRedis = Redis & {
  liveAdmit(key: string, max: number, member: string, ttl: number): Promise<number>;
  liveRefresh(key: string, ttl: number, ...members: string[]): Promise<number>;
};

/** Stream admission for one process. */
export class LiveAdmission {
  private readonly perIp = new Map<string, Set<string>>();
  private total = 0;
  private seq = 0;
  private readonly id = randomBytes(6).toString('hex');
  private readonly redis: ScriptRedis | null;
  private readonly timer: NodeJS.Timeout | null = null;

  constructor(
    redis: Redis | null,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = redis as ScriptRedis | null;
    if (this.redis) {
      this.redis.defineCommand('liveAdmit', { numberOfKeys: 1, lua: ADMIT });
      this.redis.defineCommand('liveRefresh', { numberOfKeys: 1, lua: REFRESH });
      this.timer = setInterval(() => this.refresh(), REFRESH_MS);
      this.timer.unref();
    }
  }

  /** Admits a stream from `ip`, or says why not: this process is full, or the address has its share. */
  async admit(ip: string): Promise<LiveTicket | 'busy' | 'too_many'> {
    if (this.total >= this.config.liveMaxStreams) return 'busy';
    if ((this.perIp.get(ip)?.size ?? 0) >= this.config.liveMaxStreamsPerIp) return 'too_many';
    const member = `${this.id}:${++this.seq}`;
    // Held before the await, so streams racing in one process cannot all pass.
    this.hold(ip, member);
    let admitted = true;
    if (this.redis?.status === 'ready') {
      try {
        admitted = (await this.redis.liveAdmit(this.key(ip), this.config.liveMaxStreamsPerIp, member, TTL_MS)) === 1;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'live feed: Redis does not answer; counting streams here');
      }
    }
    let released = false;
    const ticket = {
      release: () => {
        if (released) return;
        released = true;
        this.unhold(ip, member);
        this.redis?.zrem(this.key(ip), member).catch(() => {});
      },
    };
    if (!admitted) {
      ticket.release();
      return 'too_many';
    }
    return ticket;
  }

  /** Streams admitted and not yet released (tests and metrics). */
  get size(): number {
    return this.total;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private key(ip: string): string {
    return `upgrades:${this.config.site}:live:ip:${ip}`;
  }

  private hold(ip: string, member: string): void {
    let set = this.perIp.get(ip);
    if (!set) this.perIp.set(ip, (set = new Set()));
    set.add(member);
    this.total += 1;
  }

  private unhold(ip: string, member: string): void {
    const set = this.perIp.get(ip);
    if (!set?.delete(member)) return;
    this.total -= 1;
    if (set.size === 0) this.perIp.delete(ip);
  }

  /** Keeps this process's members alive; one script per address. */
  private refresh(): void {
    if (this.redis?.status !== 'ready') return;
    for (const [ip, members] of this.perIp) this.redis.liveRefresh(this.key(ip), TTL_MS, ...members).catch(() => {});
  }
}
