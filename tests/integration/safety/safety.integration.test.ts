import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRequests, reports } from '#db/schema/index.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const REPORT = `mutation Report($input: ReportUserInput!) {
  reportUser(input: $input) { report { id reason message createdAt } }
}`;
const BLOCK = `mutation Block($userId: ID!) { blockUser(input: {userId: $userId}) { user { id viewerHasBlocked } } }`;
const UNBLOCK = `mutation Unblock($userId: ID!) { unblockUser(input: {userId: $userId}) { user { id viewerHasBlocked } } }`;
const BLOCKED = `{ blockedUsers { createdAt user { id } } }`;
const REQUEST = `mutation Request($input: RequestToJoinInput!) {
  requestToJoin(input: $input) { joinRequest { id status } }
}`;
const SEND = `mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }`;
const LIST = `query List($s: String) { events(filter: {search: $s}, first: 50) { totalCount edges { node { id } } } }`;
const EVENT = `query Event($id: ID!) { event(id: $id) { id pendingRequestCount joinRequests(status: PENDING) { id } } }`;

// A word no other test's events contain, so list assertions see only this test's events.
const marker = () => `blk${crypto.randomBytes(4).toString('hex')}`;

async function eventOf(host: TestUser, overrides: Record<string, unknown> = {}, online = false) {
  const input = online ? buildOnlineEventInput(overrides) : buildPhysicalEventInput(overrides);
  const res = await app.gql(CREATE_EVENT, { input }, { token: host.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent.event.id as string;
}

const report = (who: TestUser, input: Record<string, unknown>) =>
  app.gql(REPORT, { input }, { token: who.token });
const block = (who: TestUser, userId: string) => app.gql(BLOCK, { userId }, { token: who.token });
const unblock = (who: TestUser, userId: string) => app.gql(UNBLOCK, { userId }, { token: who.token });
const ask = (who: TestUser, eventId: string, message = 'Selam, ben de katılmak isterim!') =>
  app.gql(REQUEST, { input: { eventId, message } }, { token: who.token });
const listed = async (who: TestUser, search: string) => {
  const res = await app.gql(LIST, { s: search }, { token: who.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return {
    ids: (res.data.events.edges as { node: { id: string } }[]).map((e) => e.node.id).sort(),
    total: res.data.events.totalCount as number,
  };
};

describe('reportUser', () => {
  it('files a report with a trimmed message and the event, once while it is open', async () => {
    const reporter = await app.newUser();
    const target = await app.newUser();
    const eventId = await eventOf(target);
    const res = await report(reporter, {
      userId: target.id,
      reason: 'HARASSMENT',
      message: '   Mesajlarda hakaret ediyor.  ',
      eventId,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.reportUser.report).toMatchObject({
      reason: 'HARASSMENT',
      message: 'Mesajlarda hakaret ediyor.',
    });
    const id = res.data.reportUser.report.id as string;
    const [row] = await app.database.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({
      reporterId: reporter.id,
      targetUserId: target.id,
      eventId,
      reason: 'harassment',
      status: 'open',
    });

    // The same user and event again: the open report comes back, no second row.
    const again = await report(reporter, { userId: target.id, reason: 'SPAM', eventId });
    expect(again.errors).toBeUndefined();
    expect(again.data.reportUser.report).toMatchObject({ id, reason: 'HARASSMENT' });
    // Without an event it is a different report; a blank message is no message.
    const general = await report(reporter, { userId: target.id, reason: 'OTHER', message: '   ' });
    expect(general.errors).toBeUndefined();
    expect(general.data.reportUser.report.id).not.toBe(id);
    expect(general.data.reportUser.report.message).toBeNull();
    const rows = await app.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, reporter.id), eq(reports.targetUserId, target.id)));
    expect(rows).toHaveLength(2);
  });

  it('keeps one open report when the same report arrives several times at once', async () => {
    const reporter = await app.newUser();
    const target = await app.newUser();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => report(reporter, { userId: target.id, reason: 'SPAM' })),
    );
    for (const r of results) expect(r.errors).toBeUndefined();
    expect(new Set(results.map((r) => r.data.reportUser.report.id)).size).toBe(1);
    const rows = await app.database.db.select().from(reports).where(eq(reports.reporterId, reporter.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses yourself, unknown users and events, bad reasons and long messages', async () => {
    const reporter = await app.newUser();
    const target = await app.newUser();

    const self = expectOneError(
      await report(reporter, { userId: reporter.id, reason: 'SPAM' }),
      'BAD_USER_INPUT',
    );
    expect(self.message).toBe('Kendini şikâyet edemezsin.');
    expect(self.extensions?.field).toBe('input.userId');

    expect(
      expectOneError(await report(reporter, { userId: crypto.randomUUID(), reason: 'SPAM' }), 'NOT_FOUND')
        .message,
    ).toBe('Kullanıcı bulunamadı.');
    expectOneError(await report(reporter, { userId: 'not-an-id', reason: 'SPAM' }), 'NOT_FOUND');
    expectOneError(
      await report(reporter, { userId: target.id, reason: 'SPAM', eventId: crypto.randomUUID() }),
      'NOT_FOUND',
    );

    expectOneError(await report(reporter, { userId: target.id, reason: 'RUDE' }), 'BAD_USER_INPUT');
    expectOneError(await report(reporter, { userId: target.id }), 'BAD_USER_INPUT');

    const long = expectOneError(
      await report(reporter, { userId: target.id, reason: 'OTHER', message: 'x'.repeat(1001) }),
      'BAD_USER_INPUT',
    );
    expect(long.extensions?.field).toBe('input.message');
    expect(long.message).toBe('Açıklama en fazla 1000 karakter olabilir.');
    // Exactly at the limit is fine (and counts after trimming).
    const atLimit = await report(reporter, {
      userId: target.id,
      reason: 'OTHER',
      message: ` ${'x'.repeat(1000)} `,
    });
    expect(atLimit.errors).toBeUndefined();

    // English when asked for.
    const en = await app.gql(
      REPORT,
      { input: { userId: reporter.id, reason: 'SPAM' } },
      { token: reporter.token, headers: { 'accept-language': 'en' } },
    );
    expect(expectOneError(en, 'BAD_USER_INPUT').message).toBe('You cannot report yourself.');
  });

  it('limits how many reports one user files per hour', async () => {
    const reporter = await app.newUser();
    for (let i = 0; i < 10; i++) {
      const target = await app.newUser();
      const res = await report(reporter, { userId: target.id, reason: 'SPAM' });
      expect(res.errors).toBeUndefined();
    }
    const last = await app.newUser();
    expectOneError(await report(reporter, { userId: last.id, reason: 'SPAM' }), 'RATE_LIMITED');
  });
});

describe('blockUser / unblockUser', () => {
  it('is idempotent both ways and lists blocks newest first', async () => {
    const me = await app.newUser();
    const a = await app.newUser();
    const b = await app.newUser();
    const profile = () =>
      app.gql('query($id: ID!) { user(id: $id) { viewerHasBlocked } }', { id: a.id }, { token: me.token });
    expect((await profile()).data.user.viewerHasBlocked).toBe(false);

    for (let i = 0; i < 2; i++) {
      const res = await block(me, a.id);
      expect(res.errors).toBeUndefined();
      expect(res.data.blockUser.user).toEqual({ id: a.id, viewerHasBlocked: true });
    }
    expect((await profile()).data.user.viewerHasBlocked).toBe(true);
    // The other side does not see it as its own block.
    const theirView = await app.gql(
      'query($id: ID!) { user(id: $id) { viewerHasBlocked } }',
      { id: me.id },
      { token: a.token },
    );
    expect(theirView.data.user.viewerHasBlocked).toBe(false);

    await new Promise((r) => setTimeout(r, 5));
    await block(me, b.id);
    const list = await app.gql(BLOCKED, undefined, { token: me.token });
    expect(list.errors).toBeUndefined();
    expect(list.data.blockedUsers.map((x: { user: { id: string } }) => x.user.id)).toEqual([b.id, a.id]);
    expect((await app.gql(BLOCKED, undefined, { token: a.token })).data.blockedUsers).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const res = await unblock(me, a.id);
      expect(res.errors).toBeUndefined();
      expect(res.data.unblockUser.user).toEqual({ id: a.id, viewerHasBlocked: false });
    }
    const after = await app.gql(BLOCKED, undefined, { token: me.token });
    expect(after.data.blockedUsers.map((x: { user: { id: string } }) => x.user.id)).toEqual([b.id]);
  });

  it('refuses yourself and unknown users', async () => {
    const me = await app.newUser();
    const self = expectOneError(await block(me, me.id), 'BAD_USER_INPUT');
    expect(self.message).toBe('Kendini engelleyemezsin.');
    expectOneError(await unblock(me, me.id), 'BAD_USER_INPUT');
    expectOneError(await block(me, crypto.randomUUID()), 'NOT_FOUND');
    expectOneError(await block(me, 'nope'), 'NOT_FOUND');
    expectOneError(await unblock(me, crypto.randomUUID()), 'NOT_FOUND');
  });

  it('hides events both ways, refuses requests and messages, ends pending requests; unblock restores', async () => {
    const word = marker();
    const alice = await app.newUser();
    const bob = await app.newUser();
    const carol = await app.newUser();
    const aliceEvent = await eventOf(alice, { title: `Alice halı saha ${word}` });
    const aliceSecond = await eventOf(alice, { title: `Alice kahve ${word}` });
    const bobEvent = await eventOf(bob, { title: `Bob Valorant ${word}` }, true);
    const carolEvent = await eventOf(carol, { title: `Carol kutu oyunu ${word}` });

    // Before: both see everything (own events included); requests both ways are pending; they
    // can write to each other.
    const all = [aliceEvent, aliceSecond, bobEvent, carolEvent].sort();
    expect((await listed(alice, word)).ids).toEqual(all);
    expect((await listed(bob, word)).ids).toEqual(all);
    const bobAsks = await ask(bob, aliceEvent);
    const aliceAsks = await ask(alice, bobEvent);
    expect(bobAsks.data.requestToJoin.joinRequest.status).toBe('PENDING');
    expect(aliceAsks.data.requestToJoin.joinRequest.status).toBe('PENDING');
    const hello = await app.gql(
      SEND,
      { input: { eventId: aliceEvent, toUserId: bob.id, body: 'Merhaba Bob' } },
      { token: alice.token },
    );
    expect(hello.errors).toBeUndefined();
    // Carol's pending request to Alice is not Alice and Bob's business.
    const carolAsks = await ask(carol, aliceEvent);
    expect(carolAsks.errors).toBeUndefined();

    expect((await block(alice, bob.id)).errors).toBeUndefined();

    // Lists: each side loses the other's events, counts included; Carol's stay.
    expect(await listed(alice, word)).toEqual({
      ids: [aliceEvent, aliceSecond, carolEvent].sort(),
      total: 3,
    });
    expect(await listed(bob, word)).toEqual({ ids: [bobEvent, carolEvent].sort(), total: 2 });
    expect((await listed(carol, word)).total).toBe(4);
    // Details: the other side's event is gone too.
    expect((await app.gql(EVENT, { id: bobEvent }, { token: alice.token })).data.event).toBeNull();
    expect((await app.gql(EVENT, { id: aliceEvent }, { token: bob.token })).data.event).toBeNull();

    // Pending requests between them ended: declined on Alice's event, withdrawn on Bob's.
    const statusOf = async (id: string) =>
      (await app.database.db.select().from(joinRequests).where(eq(joinRequests.id, id)))[0];
    const bobsRequest = await statusOf(bobAsks.data.requestToJoin.joinRequest.id);
    const alicesRequest = await statusOf(aliceAsks.data.requestToJoin.joinRequest.id);
    expect(bobsRequest).toMatchObject({ status: 'declined', decidedBy: alice.id });
    expect(alicesRequest).toMatchObject({ status: 'withdrawn', decidedBy: alice.id });
    expect((await statusOf(carolAsks.data.requestToJoin.joinRequest.id)).status).toBe('pending');
    const asHost = await app.gql(EVENT, { id: aliceEvent }, { token: alice.token });
    expect(asHost.data.event.pendingRequestCount).toBe(1);
    expect(asHost.data.event.joinRequests).toEqual([{ id: carolAsks.data.requestToJoin.joinRequest.id }]);
    const bobsHost = await app.gql(EVENT, { id: bobEvent }, { token: bob.token });
    expect(bobsHost.data.event).toEqual({ id: bobEvent, pendingRequestCount: 0, joinRequests: [] });

    // New requests are refused in both directions (the event looks like it does not exist).
    expectOneError(await ask(bob, aliceSecond), 'NOT_FOUND');
    expectOneError(await ask(alice, bobEvent), 'NOT_FOUND');

    // Messages both ways are refused with a clear reason.
    const fromAlice = expectOneError(
      await app.gql(
        SEND,
        { input: { eventId: aliceEvent, toUserId: bob.id, body: 'Hâlâ orada mısın?' } },
        { token: alice.token },
      ),
      'FORBIDDEN',
    );
    expect(fromAlice.message).toBe('Aranızda bir engelleme olduğu için bu kişiye mesaj gönderemezsin.');
    expectOneError(
      await app.gql(SEND, { input: { eventId: aliceEvent, body: 'Cevap' } }, { token: bob.token }),
      'FORBIDDEN',
    );

    // Unblock: everything is visible again and a new request goes through.
    expect((await unblock(alice, bob.id)).errors).toBeUndefined();
    expect((await listed(alice, word)).ids).toEqual(all);
    expect((await listed(bob, word)).ids).toEqual(all);
    expect((await app.gql(EVENT, { id: bobEvent }, { token: alice.token })).data.event.id).toBe(bobEvent);
    const again = await ask(bob, aliceSecond);
    expect(again.errors).toBeUndefined();
    expect(
      (
        await app.gql(
          SEND,
          { input: { eventId: aliceEvent, toUserId: bob.id, body: 'Tekrar merhaba' } },
          { token: alice.token },
        )
      ).errors,
    ).toBeUndefined();
  });

  it('the blocked side blocking back changes nothing more, and a participant keeps the event', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const eventId = await eventOf(host);
    const req = await ask(guest, eventId);
    const accepted = await app.gql(
      'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { status } } }',
      { id: req.data.requestToJoin.joinRequest.id },
      { token: host.token },
    );
    expect(accepted.data.acceptRequest.joinRequest.status).toBe('ACCEPTED');

    expect((await block(guest, host.id)).errors).toBeUndefined();
    expect((await block(host, guest.id)).errors).toBeUndefined();
    // Blocking does not unjoin: the accepted request and the place stay, the guest still sees it.
    const seen = await app.gql(
      'query($id: ID!) { event(id: $id) { id participantCount viewerRole } }',
      { id: eventId },
      { token: guest.token },
    );
    expect(seen.data.event).toEqual({ id: eventId, participantCount: 1, viewerRole: 'PARTICIPANT' });
    // The REST shim answers the same: the joined event opens, another event of the host does not.
    const joined = await app.rest('GET', `/private/event/${eventId}`, { token: guest.token });
    expect(joined.status).toBe(200);
    expect(joined.body._id).toBe(eventId);
    const otherEvent = await eventOf(host);
    const other = await app.rest('GET', `/private/event/${otherEvent}`, { token: guest.token });
    expect(other.status).toBe(404);
    // Lifting one side's block leaves the other in force.
    await unblock(guest, host.id);
    expectOneError(
      await app.gql(SEND, { input: { eventId, body: 'Merhaba' } }, { token: guest.token }),
      'FORBIDDEN',
    );
  });
});

describe('authorisation', () => {
  it('refuses every operation without a session', async () => {
    const someone = await app.newUser();
    expectOneError(
      await app.gql(REPORT, { input: { userId: someone.id, reason: 'SPAM' } }),
      'UNAUTHENTICATED',
    );
    expectOneError(await app.gql(BLOCK, { userId: someone.id }), 'UNAUTHENTICATED');
    expectOneError(await app.gql(UNBLOCK, { userId: someone.id }), 'UNAUTHENTICATED');
    expectOneError(await app.gql(BLOCKED), 'UNAUTHENTICATED');
  });
});
