import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { channels } from '#server/pubsub/channels.ts';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { CLIENT_ID, randomIp, signedUpUser } from '#tests/helpers/identity.ts';
import { hasRedisServer, startOwnRedis, type OwnRedis } from '#tests/helpers/own-servers.ts';
import { startTestApp, subscribe, type TestApp } from '#tests/helpers/test-app.ts';
import { joinRequestSteps } from '#tests/integration/join-requests/join-requests.fixtures.ts';

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

    // Redis is back: readiness says so, and the open subscription hears the next change (the one
    // made while Redis was away reached it too: same instance, delivered here directly).
    await redis.start();
    const ready = await readyz('ready');
    expect(ready.body.redis).toMatchObject({ available: true, pubsub: 'ready', rateLimits: 'redis' });
    const again = await app.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: user.token });
    expect(again.errors).toBeUndefined();
    const received = await feed.waitFor(2);
    expect(received.map((r) => r.data.tokenBalanceChanged.balance)).toEqual([4, 3]);
    feed.dispose();
    await client.dispose();
  }, 90_000);

  it('delivers on the same instance while Redis is away, across instances again once it is back, never twice', async () => {
    const other = await startTestApp({ env: { REDIS_URL: redis.url } });
    const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: null });
    probe.on('error', () => {});
    try {
      const { eventOf, ask } = joinRequestSteps(() => app);
      const onOther = joinRequestSteps(() => other);
      const host = await app.newUser();
      const guests = await Promise.all([1, 2, 3, 4].map(() => app.newUser()));
      const eventId = await eventOf(host);
      const NOTE = 'subscription { notificationAdded { type joinRequest { id } } }';
      // The host on two devices: one connected to this instance (A), one to the other (B).
      const clientA = app.ws(host.token);
      const clientB = other.ws(host.token);
      const feedA = subscribe(clientA, NOTE);
      const feedB = subscribe(clientB, NOTE);
      const channel = channels.notifications(host.id);
      await app.subscribed(channel);
      await other.subscribed(channel);
      // Both instances' subscriptions are live in Redis.
      await probe.connect();
      const liveInRedis = async () => {
        for (;;) {
          const [, n] = (await probe.pubsub('NUMSUB', `squad:${channel.name}`)) as [string, number];
          if (Number(n) === 2) return;
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await liveInRedis();
      const requestId = (res: any) => {
        if (res.errors) throw new Error(JSON.stringify(res.errors));
        return res.data.requestToJoin.joinRequest.id as string;
      };
      const joins = (feed: ReturnType<typeof subscribe>) =>
        feed.received
          .map((r: any) => r.data.notificationAdded)
          .filter((n: any) => n.type === 'JOIN_REQUEST_RECEIVED')
          .map((n: any) => n.joinRequest.id as string);

      // Redis there: each device hears the request once (A hears its own publish through Redis only).
      const first = requestId(await ask(guests[0], eventId, 'Selam'));
      await feedA.waitFor(1);
      await feedB.waitFor(1);

      // Redis gone: the host's device on A still hears a request made on A.
      await redis.kill();
      while (app.pubsub.available()) await new Promise((r) => setTimeout(r, 20));
      const during = requestId(await ask(guests[1], eventId, 'Redis yokken'));
      await feedA.waitFor(2);
      expect(joins(feedA)).toEqual([first, during]);

      // Redis back: both instances subscribe again, and requests made on either reach both devices.
      await redis.start();
      await readyz('ready');
      await liveInRedis();
      const viaB = requestId(await onOther.ask(guests[2], eventId, 'B üzerinden'));
      const viaA = requestId(await ask(guests[3], eventId, 'A üzerinden'));
      await feedA.waitFor(4);
      await feedB.waitFor(3);
      // Nothing twice, and B never heard what A published while Redis was away.
      // (The two publishes come from two instances: their order may differ.)
      const sorted = (ids: string[]) => [...ids].sort();
      expect(sorted(joins(feedA))).toEqual(sorted([first, during, viaB, viaA]));
      expect(sorted(joins(feedB))).toEqual(sorted([first, viaB, viaA]));
      feedA.dispose();
      feedB.dispose();
      await Promise.all([clientA.dispose(), clientB.dispose()]);
    } finally {
      probe.disconnect();
      await other.close();
    }
  }, 90_000);
});
