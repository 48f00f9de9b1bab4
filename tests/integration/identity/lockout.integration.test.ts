import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, randomIp, signedUpUser } from '#tests/helpers/identity.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

// USER_PASSWORD_AUTH as the SPA sends it, from a given client address (the test app trusts loopback
// proxies, so X-Forwarded-For is the client's address here).
async function signIn(email: string, password: string, ip: string) {
  const res = await fetch(`${app.baseUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      'x-forwarded-for': ip,
    },
    body: JSON.stringify({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as {
    __type?: string;
    retryAfterSeconds?: number;
    AuthenticationResult?: unknown;
  };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

describe('sign-in throttling without account lockout', () => {
  it('throttles the guessing address, lets the owner in from another, and says how long to wait', async () => {
    const { email, password } = await signedUpUser(app);
    const guesser = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(email, `yanlis-${i}`, guesser)).body.__type).toBe('NotAuthorizedException');
    }
    // The guessing address is refused even with the right password, and is told when to come back.
    const refused = await signIn(email, password, guesser);
    expect(refused.body.__type).toBe('LimitExceededException');
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(Number(refused.retryAfter)).toBe(refused.body.retryAfterSeconds);

    // The owner on another address (another device, network) signs in.
    const owner = await signIn(email, password, randomIp());
    expect(owner.status).toBe(200);
    expect(owner.body.AuthenticationResult).toBeDefined();
    // Still refused where the guessing came from.
    expect((await signIn(email, password, guesser)).body.__type).toBe('LimitExceededException');
  });

  it('stops guessing spread over many addresses at a per-account ceiling', async () => {
    const { email, password } = await signedUpUser(app);
    // 100 wrong passwords from 20 addresses, 5 each (under the per-address limit of each).
    const addresses = Array.from({ length: 20 }, () => randomIp());
    for (const ip of addresses) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => signIn(email, `dagitik-${i}`, ip)),
      );
      for (const a of answers) expect(a.body.__type).toBe('NotAuthorizedException');
    }
    const fresh = await signIn(email, password, randomIp());
    expect(fresh.body.__type).toBe('LimitExceededException');
    expect(fresh.body.retryAfterSeconds).toBeGreaterThan(0);
  }, 120_000);
});
