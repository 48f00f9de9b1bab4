import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limit.ts';

describe('memory rate limiter reservations', () => {
  it('reserves at most the limit under parallel callers and counts nothing when refused', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter(() => t);
    const rules = [
      { key: 'a', limit: 5, windowSeconds: 60 },
      { key: 'b', limit: 100, windowSeconds: 60 },
    ];
    const answers = await Promise.all(Array.from({ length: 60 }, () => limiter.reserve(rules)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    expect(answers.find((a) => !a.allowed)?.retryAfterSeconds).toBe(60);
    expect((await limiter.peek('a', 5)).count).toBe(5);
    // The refused ones did not count on the other counter either.
    expect((await limiter.peek('b', 100)).count).toBe(5);

    await limiter.release(['a', 'b']);
    expect((await limiter.peek('a', 5)).count).toBe(4);
    expect((await limiter.reserve(rules)).allowed).toBe(true);
    t = 61_000;
    expect((await limiter.peek('a', 5)).count).toBe(0);
  });

  it('releases down to nothing, never below', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rules = [{ key: 'x', limit: 1, windowSeconds: 60 }];
    expect((await limiter.reserve(rules)).allowed).toBe(true);
    expect((await limiter.reserve(rules)).allowed).toBe(false);
    await limiter.release(['x']);
    await limiter.release(['x']);
    expect((await limiter.peek('x', 1)).count).toBe(0);
    expect((await limiter.reserve(rules)).allowed).toBe(true);
  });
});
