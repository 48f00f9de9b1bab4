import { describe, expect, it, vi } from 'vitest';
import { bearerToken, rememberVerified } from './access-tokens.ts';

const claims = (expiresAt: number) => ({ sub: 's', username: 'u', expiresAt });

describe('rememberVerified', () => {
  it('checks a token once while it is valid, and again once it has expired', async () => {
    let now = 1_000_000;
    const verify = vi.fn(async () => claims(1_000 + 60));
    const cached = rememberVerified(verify, { now: () => now });
    await cached('a');
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(1);
    now = 1_060_000; // the token's exp
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never keeps a refusal', async () => {
    const verify = vi
      .fn<(t: string) => Promise<ReturnType<typeof claims>>>()
      .mockRejectedValueOnce(new Error('bad signature'))
      .mockResolvedValue(claims(Date.now() / 1000 + 60));
    const cached = rememberVerified(verify);
    await expect(cached('t')).rejects.toThrow('bad signature');
    await expect(cached('t')).resolves.toMatchObject({ sub: 's' });
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('holds at most `max` tokens, dropping the oldest', async () => {
    const verify = vi.fn(async () => claims(Date.now() / 1000 + 60));
    const cached = rememberVerified(verify, { max: 2 });
    await cached('a');
    await cached('b');
    await cached('c');
    await cached('c');
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(4);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
