import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { rateLimitSeconds } from './rateLimit.ts';

const refused = (extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message: 'Çok hızlı mesaj gönderiyorsun.', extensions }] });

describe('rateLimitSeconds', () => {
  it('reads the wait from a RATE_LIMITED refusal', () => {
    expect(rateLimitSeconds(refused({ code: 'RATE_LIMITED', retryAfterSeconds: 7 }))).toBe(7);
  });

  it('pauses a little when the refusal says no figure', () => {
    expect(rateLimitSeconds(refused({ code: 'RATE_LIMITED' }))).toBe(5);
  });

  it('is 0 for other failures', () => {
    expect(rateLimitSeconds(refused({ code: 'FORBIDDEN' }))).toBe(0);
    expect(rateLimitSeconds(new Error('network'))).toBe(0);
  });
});
