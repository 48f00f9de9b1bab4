import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };

// Fixed-window counters. With Redis every instance shares them (ARCHITECTURE §5); without, they live
// in this process.
export interface RateLimiter {
  // Counts one hit against `key` and says whether it is still within `limit` per `windowSeconds`.
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  // Reads without counting.
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
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
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'squad:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).ttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      let left = ttl;
      if (ttl < 0) {
        await redis.expire(k, windowSeconds);
        left = windowSeconds;
      }
      return { allowed: count <= limit, count, retryAfterSeconds: left };
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
    async reset(key) {
      await fallback.reset(key);
      await run((l) => l.reset(key));
    },
    store: () => (usable() ? 'redis' : 'memory'),
  };
}
