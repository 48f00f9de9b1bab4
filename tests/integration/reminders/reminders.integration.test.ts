import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, pushSubscriptions } from '#db/schema/index.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { browserSubscription, startPushService, verifyVapid } from '#tests/helpers/push-service.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Reminders and web push (ADR 046): 24 h and 1 h before the start, in-app, e-mail and push; the exact
// place only in the last hour's reminder to the host and accepted participants; each reminder sent
// once however many replicas sweep; the push payload encrypted for the browser and signed with VAPID.

let a: TestApp;
let b: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
  // Two replicas on one database; the test push service on 127.0.0.1 allowed explicitly (ADR 055).
  const env = { PUSH_EXTRA_HOSTS: '127.0.0.1' };
  [a, b] = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), push?.close()]);
});

const REGISTER = `mutation($input: RegisterPushSubscriptionInput!) { registerPushSubscription(input: $input) { device { id endpoint userAgent } } }`;
const SETTINGS = `mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { viewer { notificationPreferences { inAppReminders emailReminders pushReminders } } } }`;

async function device(user: TestUser) {
  const path = `/push/${crypto.randomUUID()}`;
  const sub = browserSubscription(`${push.origin}${path}`);
  const res = await a.gql(REGISTER, { input: sub.input }, { token: user.token });
  expect(res.errors).toBeUndefined();
  return { ...sub, path };
}

const at = (ms: number) => toTurkeyDateTime(new Date(Date.now() + ms));

// A physical event starting in `ms` with a participant, a waitlisted user and a pending requester.
async function eventIn(ms: number) {
  const host = await a.newUser();
  const participant = await a.newUser();
  const { date, time } = at(ms);
  const id = await createEventAs(a, host, { overrides: { date, time, maxParticipants: 2 } });
  await joinEvent(a, id, host, participant);
  await joinEvent(a, id, host, await a.newUser());
  const waiting = await a.newUser();
  const asked = await a.gql(
    `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }`,
    { input: { eventId: id, waitlist: true } },
    { token: waiting.token },
  );
  await a.gql(
    `mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { status } } }`,
    {
      id: asked.data.requestToJoin.joinRequest.id,
    },
    { token: host.token },
  );
  // Asked, not approved: no reminders.
  const pending = await a.newUser();
  await a.gql(
    `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }`,
    { input: { eventId: id, waitlist: true } },
    { token: pending.token },
  );
  return { id, host, participant, waiting, pending };
}

async function remindersOf(userId: string, eventId: string) {
  return a.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.eventId, eventId),
        eq(notifications.type, 'event_reminder'),
      ),
    );
}
const mailsTo = (user: TestUser) =>
  a.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, `${user.sub}@squad.test`));

describe('web push', () => {
  it('registers a device, refuses a malformed subscription, and publishes the VAPID key in /config.json', async () => {
    const user = await a.newUser();
    const d = await device(user);
    const rows = await a.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, d.input.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, userAgent: 'Test Browser' });
    const bad = await a.gql(REGISTER, { input: { ...d.input, p256dh: 'c2hvcnQ' } }, { token: user.token });
    const err = expectOneError(bad, 'BAD_USER_INPUT');
    expect(err.message).toBe('Bu cihazın bildirim aboneliği geçersiz.');
    const insecure = await a.gql(
      REGISTER,
      { input: { ...d.input, endpoint: 'http://127.0.0.1/x' } },
      { token: user.token },
    );
    expectOneError(insecure, 'BAD_USER_INPUT');
    // Both replicas serve the same key (generated once, kept in the database).
    const [ka, kb] = await Promise.all(
      [a, b].map(
        async (app) => (await (await fetch(`${app.baseUrl}/config.json`)).json()).push.vapidPublicKey,
      ),
    );
    expect(ka).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(kb).toBe(ka);
  });
});

describe('reminders', () => {
  it('the 1 h reminder: sent once across two replicas, the exact place to participants only, pushed encrypted and signed', async () => {
    const e = await eventIn(50 * 60_000);
    const participantDevice = await device(e.participant);
    const waitingDevice = await device(e.waiting);

    // Both replicas sweep at the same moment, twice.
    await Promise.all([a.services.reminders.sweep(), b.services.reminders.sweep()]);
    await Promise.all([a.services.reminders.sweep(), b.services.reminders.sweep()]);

    for (const u of [e.host, e.participant, e.waiting]) expect(await remindersOf(u.id, e.id)).toHaveLength(1);
    expect(await remindersOf(e.pending.id, e.id)).toHaveLength(0);

    const [toParticipant] = await remindersOf(e.participant.id, e.id);
    expect(toParticipant.data).toMatchObject({
      when: 'inOneHour',
      place: 'Moda Sahil, Caferağa, Moda Cd., Kadıköy',
    });
    const [toWaiting] = await remindersOf(e.waiting.id, e.id);
    expect(toWaiting.data).toMatchObject({ when: 'inOneHour', place: 'Kadıköy, İstanbul' });

    const participantMails = (await mailsTo(e.participant)).filter((m) => m.subject.startsWith('Hatırlatma'));
    expect(participantMails).toHaveLength(1);
    expect(participantMails[0].text).toContain('Moda Sahil, Caferağa');
    const waitingMails = (await mailsTo(e.waiting)).filter((m) => m.subject.startsWith('Hatırlatma'));
    expect(waitingMails).toHaveLength(1);
    expect(waitingMails[0].text).toContain('Kadıköy, İstanbul');
    expect(waitingMails[0].text).not.toMatch(/Moda Sahil|Caferağa/);

    // The push service got one message per device; each decrypts to the reminder and is VAPID-signed
    // with the key /config.json publishes.
    const key = (await (await fetch(`${a.baseUrl}/config.json`)).json()).push.vapidPublicKey;
    const toP = push.received.filter((r) => r.path === participantDevice.path);
    const toW = push.received.filter((r) => r.path === waitingDevice.path);
    expect(toP).toHaveLength(1);
    expect(toW).toHaveLength(1);
    expect(toP[0].headers['content-encoding']).toBe('aes128gcm');
    expect(Number(toP[0].headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapid(toP[0].headers.authorization as string);
    expect(vapid.alg).toBe('ES256');
    expect(vapid.publicKey).toBe(key);
    expect(vapid.claims.aud).toBe(push.origin);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.sub).toMatch(/^mailto:/);
    const payload = JSON.parse(participantDevice.decrypt(toP[0].body));
    expect(payload).toEqual({
      title: expect.stringContaining('1 saat sonra'),
      body: expect.stringContaining('Moda Sahil, Caferağa'),
      url: `/dashboard/eventDetails/${e.id}`,
      tag: `reminder:${e.id}:1h`,
    });
    const waitingPayload = JSON.parse(waitingDevice.decrypt(toW[0].body));
    expect(waitingPayload.body).toContain('Kadıköy, İstanbul');
    expect(waitingPayload.body).not.toContain('Moda Sahil');
  });

  it('the 24 h reminder carries the public place to everyone; a cancelled event is not reminded', async () => {
    const e = await eventIn(20 * 3600_000);
    await a.services.reminders.sweep();
    const [r] = await remindersOf(e.participant.id, e.id);
    expect(r.data).toMatchObject({ place: 'Kadıköy, İstanbul' });
    expect(['tomorrow', 'today']).toContain(r.data.when);
    const text = await a.gql(`{ notifications(first: 5) { nodes { type text } } }`, undefined, {
      token: e.participant.token,
    });
    expect(text.data.notifications.nodes[0].text).toMatch(
      /^⏰ (Yarın|Bugün): ".+", saat \d\d:\d\d · Kadıköy, İstanbul$/,
    );

    const c = await eventIn(20 * 3600_000);
    await a.gql(`mutation { cancelEvent(input: {id: "${c.id}"}) { event { status } } }`, undefined, {
      token: c.host.token,
    });
    await a.services.reminders.sweep();
    expect(await remindersOf(c.participant.id, c.id)).toHaveLength(0);
  });

  it('follows each channel switch, and forgets a device the push service says is gone', async () => {
    const e = await eventIn(40 * 60_000);
    const d = await device(e.participant);
    const off = await a.gql(
      SETTINGS,
      { input: { inAppReminders: false, emailReminders: false } },
      { token: e.participant.token },
    );
    expect(off.data.updateSettings.viewer.notificationPreferences).toEqual({
      inAppReminders: false,
      emailReminders: false,
      pushReminders: true,
    });
    push.answer(d.path, 410);
    await a.services.reminders.sweep();
    expect(await remindersOf(e.participant.id, e.id)).toHaveLength(0);
    expect((await mailsTo(e.participant)).filter((m) => m.subject.startsWith('Hatırlatma'))).toHaveLength(0);
    expect(push.received.filter((r) => r.path === d.path)).toHaveLength(1);
    const left = await a.database.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.endpoint, [d.input.endpoint]));
    expect(left).toEqual([]);
  });

  it('two replicas working the job queue (JOB_WORKER=1) send each reminder once', async () => {
    const workers = await Promise.all([
      startTestApp({ env: { JOB_WORKER: '1', PUSH_EXTRA_HOSTS: '127.0.0.1' } }),
      startTestApp({ env: { JOB_WORKER: '1', PUSH_EXTRA_HOSTS: '127.0.0.1' } }),
    ]);
    try {
      const e = await eventIn(30 * 60_000);
      // Both replicas queue the sweep several times; pg-boss hands the jobs to either worker.
      for (const w of workers) for (let i = 0; i < 3; i++) await w.deps.jobs.send('reminders.sweep');
      const deadline = Date.now() + 30_000;
      while ((await remindersOf(e.participant.id, e.id)).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      // Let every queued sweep finish, then count.
      await new Promise((r) => setTimeout(r, 4000));
      for (const u of [e.host, e.participant, e.waiting])
        expect(await remindersOf(u.id, e.id)).toHaveLength(1);
      expect((await mailsTo(e.participant)).filter((m) => m.subject.startsWith('Hatırlatma'))).toHaveLength(
        1,
      );
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
  });
});
