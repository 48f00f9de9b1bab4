import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { CLIENT_ID, randomIp, signedUpUser } from '#tests/helpers/identity.ts';
import { hasRedisServer, startOwnRedis, type OwnRedis } from '#tests/helpers/own-servers.ts';
import { startTestApp, subscribe, type TestApp } from '#tests/helpers/test-app.ts';

// Redis lost under a running app: the test's own redis-server, killed by process id and started
// again on the same port. Runs once per test run (in the first integration group).
const run = inject('backend') === 'pglite' && hasRedisServer();

const BALANCE = 'subscription { tokenBalanceChanged { balance } }';

describe.runIf(run)('Redis outage', () => {
  let redis: OwnRedis;
  let app: TestApp;
  beforeAll(async () => {
    redis = await startOwnRedis();
    app = await startTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await app?.close();
    await redis?.destroy();
  });

  async function signIn(email: string, password: string) {
    const started = Date.now();
    const res = await fetch(`${app.baseUrl}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        'x-forwarded-for': randomIp(),
      },
      body: JSON.stringify({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any>, ms: Date.now() - started };
  }

  async function readyz(expected: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await app.rest('GET', '/readyz');
      if (res.body.status === expected) return res;
      if (Date.now() > deadline)
        throw new Error(`readyz never said ${expected}: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('keeps sign-in, reads and writes working, reports degraded, and resumes subscriptions', async () => {
    const { email, password } = await signedUpUser(app);
    const user = await app.newUser();
    const client = app.ws(user.token);
    const feed = subscribe(client, BALANCE);
    // The subscription is live once this instance has a subscriber on the user's channel.
    while (app.pubsub.localSubscriberCount() === 0) await new Promise((r) => setTimeout(r, 20));

    await redis.kill();

    // Sign-in: rate limits fall back to this instance's memory; right and wrong passwords answer.
    const ok = await signIn(email, password);
    expect(ok.status).toBe(200);
    expect(ok.body.AuthenticationResult).toBeDefined();
    expect(ok.ms).toBeLessThan(3000);
    const wrong = await signIn(email, 'yanlis-sifre');
    expect(wrong.body.__type).toBe('NotAuthorizedException');

    // Reads and writes; the write's publish fails fast (and is logged).
    const me = await app.gql('{ me { tokenBalance } }', undefined, { token: user.token });
    expect(me.errors).toBeUndefined();
    const started = Date.now();
    const created = await app.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: user.token });
    expect(created.errors).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);

    // Ready (200) but degraded, and the body says what is missing.
    const degraded = await app.rest('GET', '/readyz');
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({
      status: 'degraded',
      redis: { available: false, pubsub: 'unavailable', rateLimits: 'memory' },
    });

    // Redis is back: readiness says so, and the open subscription hears the next change.
    await redis.start();
    const ready = await readyz('ready');
    expect(ready.body.redis).toMatchObject({ available: true, pubsub: 'ready', rateLimits: 'redis' });
    const again = await app.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: user.token });
    expect(again.errors).toBeUndefined();
    const received = await feed.waitFor(1);
    expect(received[0].data.tokenBalanceChanged.balance).toBe(3);
    feed.dispose();
    await client.dispose();
  }, 90_000);
});
