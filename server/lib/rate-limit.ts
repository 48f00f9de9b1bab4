import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };
export type RateRule = { key: string; limit: number; windowSeconds: number };
export type Reservation = { allowed: boolean; retryAfterSeconds: number };

// Fixed-window counters. With Redis every instance shares them (ARCHITECTURE §5); without, they live
// in this process.
export interface RateLimiter {
  // Counts one hit against `key` and says whether it is still within `limit` per `windowSeconds`.
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  // Reads without counting.
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
  // All or nothing, in one atomic step: when every counter is below its limit, counts one on each
  // (the attempt is reserved before the expensive check runs); otherwise counts nothing and says how
  // long the fullest one lasts. Parallel callers can never pass more than `limit` reservations.
  reserve(rules: readonly RateRule[]): Promise<Reservation>;
  // Gives one reservation back on each key (an attempt that turned out not to count).
  release(keys: readonly string[]): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, limit, windowSeconds) {
      if (windows.size > 100_000) for (const [k, w] of windows) if (w.resetAt <= now()) windows.delete(k);
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return {
        allowed: w.count <= limit,
        count: w.count,
        retryAfterSeconds: Math.ceil((w.resetAt - now()) / 1000),
      };
    },
    async peek(key, limit) {
      const w = current(key);
      const count = w?.count ?? 0;
      return {
        allowed: count < limit,
        count,
        retryAfterSeconds: w ? Math.ceil((w.resetAt - now()) / 1000) : 0,
      };
    },
    async reset(key) {
      windows.delete(key);
    },
    // Synchronous from the first read to the last write: nothing else runs in between.
    async reserve(rules) {
      let wait = -1;
      for (const r of rules) {
        const w = current(r.key);
        if (w && w.count >= r.limit) wait = Math.max(wait, Math.ceil((w.resetAt - now()) / 1000));
      }
      if (wait >= 0) return { allowed: false, retryAfterSeconds: wait };
      for (const r of rules) {
        const w = current(r.key);
        if (w) w.count += 1;
        else windows.set(r.key, { count: 1, resetAt: now() + r.windowSeconds * 1000 });
      }
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async release(keys) {
      for (const key of keys) {
        const w = current(key);
        if (w && w.count > 1) w.count -= 1;
        else if (w) windows.delete(key);
      }
    },
  };
}

// KEYS: the counters; ARGV: limit and window (seconds) of each, in turn. Returns {1, 0} when reserved,
// {0, milliseconds left} when a counter is full. A counter without expiry gets one, so none lives
// for ever.
const RESERVE_SCRIPT = `
local wait = -1
for i, k in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', k) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', k)
    if ttl < 0 then
      ttl = tonumber(ARGV[2 * i]) * 1000
      redis.call('PEXPIRE', k, ttl)
    end
    if ttl > wait then wait = ttl end
  end
end
if wait >= 0 then return {0, wait} end
for i, k in ipairs(KEYS) do
  redis.call('INCR', k)
  if redis.call('PTTL', k) < 0 then redis.call('PEXPIRE', k, tonumber(ARGV[2 * i]) * 1000) end
end
return {1, 0}
`;

const RELEASE_SCRIPT = `
for _, k in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', k) or '0')
  if count > 1 then redis.call('DECR', k) elseif count == 1 then redis.call('DEL', k) end
end
return 1
`;

// INCR and its expiry in one step: a process that dies between the two leaves no counter without end.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1]) * 1000
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {count, ttl}
`;

export function createRedisRateLimiter(redis: Redis, prefix = 'squad:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowSeconds)) as [number, number];
      return { allowed: count <= limit, count, retryAfterSeconds: Math.ceil(ttl / 1000) };
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [[, raw], [, ttl]] = (await redis.multi().get(k).ttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
      const count = Number(raw ?? 0);
      return { allowed: count < limit, count, retryAfterSeconds: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async reserve(rules) {
      if (rules.length === 0) return { allowed: true, retryAfterSeconds: 0 };
      const [ok, waitMs] = (await redis.eval(
        RESERVE_SCRIPT,
        rules.length,
        ...rules.map((r) => prefix + r.key),
        ...rules.flatMap((r) => [r.limit, r.windowSeconds]),
      )) as [number, number];
      return { allowed: ok === 1, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    },
    async release(keys) {
      if (keys.length === 0) return;
      await redis.eval(RELEASE_SCRIPT, keys.length, ...keys.map((k) => prefix + k));
    },
  };
}

// Redis-backed limits that keep working without Redis: while the client is not connected, or when a
// command fails, this instance counts in its own memory (stricter per instance, never open). Counts
// move back to Redis once it is back.
export function createFallbackRateLimiter(
  redis: Redis,
  fallback: RateLimiter,
  logger: Logger,
): RateLimiter & { store: () => 'redis' | 'memory' } {
  const primary = createRedisRateLimiter(redis);
  let warned = false;
  const usable = () => redis.status === 'ready';
  async function run<T>(op: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (usable()) {
      try {
        const result = await op(primary);
        warned = false;
        return result;
      } catch (err) {
        if (!warned) logger.warn({ err }, 'rate limits: Redis failed, counting in memory');
        warned = true;
      }
    }
    return op(fallback);
  }
  return {
    hit: (key, limit, windowSeconds) => run((l) => l.hit(key, limit, windowSeconds)),
    peek: (key, limit) => run((l) => l.peek(key, limit)),
    reserve: (rules) => run((l) => l.reserve(rules)),
    release: (keys) => run((l) => l.release(keys)),
    async reset(key) {
      await fallback.reset(key);
      await run((l) => l.reset(key));
    },
    store: () => (usable() ? 'redis' : 'memory'),
  };
}
