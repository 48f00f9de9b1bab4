import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '#db/schema/index.ts';
import { PUSH_DEVICES_PER_USER } from '#server/modules/push/push.service.ts';
import { browserSubscription, startPushService } from '#tests/helpers/push-service.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 24 point 5 (ADR 055): a push subscription names where the server connects, so only the
// browsers' push services at public addresses are accepted, and a user keeps at most ten devices.
// The test push service listens on 127.0.0.1: `strict` runs as production does (it must refuse
// it), `trusting` allows it through PUSH_EXTRA_HOSTS as the other push tests do.

const REGISTER = `mutation($input: RegisterPushSubscriptionInput!) { registerPushSubscription(input: $input) { device { id endpoint } } }`;

let push: Awaited<ReturnType<typeof startPushService>>;
let strict: TestApp;
let trusting: TestApp;
beforeAll(async () => {
  push = await startPushService();
  [strict, trusting] = await Promise.all([
    startTestApp(),
    startTestApp({ env: { PUSH_EXTRA_HOSTS: '127.0.0.1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([strict?.close(), trusting?.close(), push?.close()]);
});

const devicesOf = (app: TestApp, userId: string) =>
  app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('push subscription endpoints', () => {
  it('refuses loopback, private, link-local and metadata addresses, names resolving to loopback, plain http and other hosts, with a clear Turkish error', async () => {
    const user = await strict.newUser();
    const port = new URL(push.origin).port;
    const endpoints = [
      `${push.origin}/push/listener`, // the running push service on 127.0.0.1
      `https://localhost:${port}/push/listener`, // a name that resolves to 127.0.0.1
      'https://10.0.0.5/push/1',
      'https://192.168.1.1/push/1',
      'https://172.16.0.1/push/1',
      'https://100.64.0.1/push/1',
      'https://169.254.169.254/latest/meta-data/',
      `https://[::1]:${port}/push/listener`,
      `https://[::ffff:127.0.0.1]:${port}/push/listener`,
      'https://[fe80::1]/push/1',
      'https://0.0.0.0/push/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://example.com/push/1',
    ];
    for (const endpoint of endpoints) {
      const res = await strict.gql(
        REGISTER,
        { input: browserSubscription(endpoint).input },
        { token: user.token },
      );
      const error = expectOneError(res, 'BAD_USER_INPUT');
      expect(error.message, endpoint).toMatch(/bildirim (adresi|aboneliği)/);
      expect(error.extensions?.fields?.[0]?.field, endpoint).toMatch(/^input\.endpoint/);
    }
    expect(await devicesOf(strict, user.id)).toEqual([]);
    expect(push.received.filter((r) => r.path === '/push/listener')).toEqual([]);
  });

  it('never sends to a stored endpoint that is not a push service (registered before the check)', async () => {
    const user = await strict.newUser();
    const port = new URL(push.origin).port;
    const paths = ['/push/stored-ip', '/push/stored-name'];
    await strict.database.db.insert(pushSubscriptions).values(
      [`${push.origin}${paths[0]}`, `https://localhost:${port}${paths[1]}`].map((endpoint) => {
        const { p256dh, auth } = browserSubscription(endpoint).input;
        return { userId: user.id, endpoint, p256dh, auth };
      }),
    );
    const sent = await strict.services.push.sendToUser(user.id, {
      title: 't',
      body: 'b',
      url: '/',
      tag: 'x',
    });
    expect(sent).toBe(0);
    expect(push.received.filter((r) => paths.includes(r.path))).toEqual([]);
    // Such a device can never be reached: it is forgotten.
    expect(await devicesOf(strict, user.id)).toEqual([]);
  });

  it('an extra host allowed by the operator is delivered to', async () => {
    const user = await trusting.newUser();
    const sub = browserSubscription(`${push.origin}/push/allowed-${user.id}`);
    const res = await trusting.gql(REGISTER, { input: sub.input }, { token: user.token });
    expect(res.errors).toBeUndefined();
    const sent = await trusting.services.push.sendToUser(user.id, {
      title: 't',
      body: 'b',
      url: '/',
      tag: 'x',
    });
    expect(sent).toBe(1);
    expect(push.received.filter((r) => r.path === `/push/allowed-${user.id}`)).toHaveLength(1);
  });

  it(`keeps at most ${PUSH_DEVICES_PER_USER} devices per user, the newest, also under parallel registrations`, async () => {
    const user = await trusting.newUser();
    const register = (i: number) =>
      trusting.gql(
        REGISTER,
        { input: browserSubscription(`${push.origin}/push/cap-${user.id}/${i}`).input },
        { token: user.token },
      );
    for (let i = 1; i <= 12; i++) expect((await register(i)).errors).toBeUndefined();
    const kept = (await devicesOf(trusting, user.id)).map((d) => Number(d.endpoint.split('/').pop()));
    expect(kept.sort((x, y) => x - y)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => register(100 + i)));
    expect(burst.every((r) => !r.errors)).toBe(true);
    expect(await devicesOf(trusting, user.id)).toHaveLength(PUSH_DEVICES_PER_USER);
  });
});
