import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '#db/schema/index.ts';
import { createRulesChecker } from '#server/modules/moderation/moderation.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { ACCEPT, DECLINE, joinRequestSteps, REQUESTS } from './join-requests.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
const { eventOf, ask } = joinRequestSteps(() => app);

describe('requestToJoin', () => {
  it('creates a pending request with the check verdict and tells the host', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventOf(host);
    const res = await ask(guest, id, '  Selam! Ben de gelmek isterim, kaleci olabilirim 🙂  ');
    expect(res.errors).toBeUndefined();
    expect(res.data.requestToJoin.joinRequest).toMatchObject({
      status: 'PENDING',
      message: 'Selam! Ben de gelmek isterim, kaleci olabilirim 🙂',
      declinedByCheck: false,
      check: { verdict: 'OK', reasons: [], engine: 'rules' },
    });
    const asHost = await app.gql(REQUESTS, { id }, { token: host.token });
    expect(asHost.data.event.pendingRequestCount).toBe(1);
    expect(asHost.data.event.joinRequests[0].user.id).toBe(guest.id);
    const notes = await app.gql(
      '{ unreadNotificationCount notifications { nodes { type text event { id } actor { id } } } }',
      undefined,
      { token: host.token },
    );
    // The request, and the badge the host earned for a first event.
    expect(notes.data.unreadNotificationCount).toBe(2);
    expect(notes.data.notifications.nodes[1]).toMatchObject({ type: 'BADGE_EARNED' });
    expect(notes.data.notifications.nodes[0]).toMatchObject({
      type: 'JOIN_REQUEST_RECEIVED',
      event: { id },
      actor: { id: guest.id },
    });
    expect(notes.data.notifications.nodes[0].text).toContain('katılmak istiyor');
  });

  it('refuses own, closed, full, duplicate and blocked cases with clear errors', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventOf(host, { maxParticipants: 2 });
    expect(expectOneError(await ask(host, id), 'CONFLICT').message).toBe(
      'Kendi etkinliğine katılım isteği gönderemezsin.',
    );
    expect((await ask(guest, id, 'Merhaba')).errors).toBeUndefined();
    const duplicate = expectOneError(await ask(guest, id, 'Tekrar'), 'CONFLICT');
    expect(duplicate.message).toBe('Bu etkinlik için zaten bekleyen ya da kabul edilmiş bir isteğin var.');
    expect(duplicate.extensions?.reason).toBe('JOIN_DUPLICATE');
    expect(expectOneError(await ask(guest, id, 'x'.repeat(501)), 'BAD_USER_INPUT').extensions?.field).toBe(
      'input.message',
    );

    const cancelled = await eventOf(host);
    await app.gql(
      'mutation($id: ID!) { cancelEvent(input: {id: $id}) { tokenRefunded } }',
      { id: cancelled },
      { token: host.token },
    );
    expectOneError(await ask(guest, cancelled), 'CONFLICT');

    const stranger = await app.newUser();
    await app.database.db.insert(blocks).values({ blockerId: host.id, blockedId: stranger.id });
    expectOneError(await ask(stranger, id), 'NOT_FOUND');
    expectOneError(await ask(guest, 'not-an-id'), 'NOT_FOUND');

    // Full: two accepted, the third is refused.
    const a = await app.newUser();
    const b = await app.newUser();
    const full = await eventOf(host, { maxParticipants: 2 });
    for (const u of [a, b]) {
      const r = await ask(u, full);
      await app.gql(ACCEPT, { id: r.data.requestToJoin.joinRequest.id }, { token: host.token });
    }
    const refused = expectOneError(await ask(guest, full), 'CONFLICT');
    expect(refused.message).toBe('Etkinlik dolu, boş yer kalmadı.');
    // The same closed code, told apart by the reason.
    expect(refused.extensions?.reason).toBe('JOIN_FULL');
  });

  it('blocks abusive messages automatically and flags doubtful ones for the host', async () => {
    const checker = createRulesChecker();
    const abusive = 'siktir git amk';
    const doubtful = 'Etkinlik harika ama detaylar için whatsapptan yaz: 0532 123 45 67';
    const now = new Date();
    expect((await checker.check(abusive, { recentMessages: [], now })).verdict).toBe('block');
    const doubtfulVerdict = (await checker.check(doubtful, { recentMessages: [], now })).verdict;
    expect(doubtfulVerdict).not.toBe('ok');

    const host = await app.newUser();
    const id = await eventOf(host);
    const rude = await app.newUser();
    const blocked = await ask(rude, id, abusive);
    expect(blocked.data.requestToJoin.joinRequest).toMatchObject({
      status: 'DECLINED',
      declinedByCheck: true,
      check: { verdict: 'BLOCK' },
    });
    expect(blocked.data.requestToJoin.joinRequest.check.reasons.length).toBeGreaterThan(0);

    const pushy = await app.newUser();
    const flagged = await ask(pushy, id, doubtful);
    expect(flagged.data.requestToJoin.joinRequest.check.verdict).toBe(doubtfulVerdict.toUpperCase());
    const list = await app.gql(REQUESTS, { id }, { token: host.token });
    // The host sees both, with the verdict and reasons; only the non-blocked one waits.
    expect(list.data.event.pendingRequestCount).toBe(doubtfulVerdict === 'review' ? 1 : 0);
    const verdicts = list.data.event.joinRequests.map((r: any) => r.check.verdict).sort();
    expect(verdicts).toEqual(['BLOCK', doubtfulVerdict.toUpperCase()].sort());
  });
});

describe('host decisions', () => {
  it('lets only the host accept or decline, only while pending, and hides requests from others', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const other = await app.newUser();
    const id = await eventOf(host);
    const requestId = (await ask(guest, id, 'Merhaba')).data.requestToJoin.joinRequest.id;

    expectOneError(await app.gql(ACCEPT, { id: requestId }, { token: other.token }), 'NOT_FOUND');
    expectOneError(await app.gql(ACCEPT, { id: requestId }, { token: guest.token }), 'NOT_FOUND');
    const peek = await app.gql(REQUESTS, { id }, { token: other.token });
    expect(peek.data.event).toMatchObject({
      joinRequests: null,
      pendingRequestCount: null,
      viewerJoinRequest: null,
    });

    const accepted = await app.gql(ACCEPT, { id: requestId }, { token: host.token });
    expect(accepted.data.acceptRequest).toMatchObject({
      joinRequest: { status: 'ACCEPTED' },
      event: { participantCount: 1 },
    });
    expectOneError(await app.gql(DECLINE, { id: requestId }, { token: host.token }), 'CONFLICT');

    // The participant now sees the exact place.
    const place = await app.gql(
      'query($id: ID!) { event(id: $id) { viewerRole location { exact name } viewerJoinRequest { status } } }',
      { id },
      { token: guest.token },
    );
    expect(place.data.event).toMatchObject({
      viewerRole: 'PARTICIPANT',
      location: { exact: true, name: 'Moda Sahil' },
      viewerJoinRequest: { status: 'ACCEPTED' },
    });
  });

  it('accepts exactly one of 50 parallel accepts for the last free slot', async () => {
    const host = await app.newUser();
    const id = await eventOf(host, { maxParticipants: 2 });
    const first = await app.newUser();
    await app.gql(
      ACCEPT,
      { id: (await ask(first, id)).data.requestToJoin.joinRequest.id },
      { token: host.token },
    );
    const guests = await Promise.all(Array.from({ length: 50 }, () => app.newUser()));
    const requestIds: string[] = [];
    for (const g of guests) requestIds.push((await ask(g, id)).data.requestToJoin.joinRequest.id);
    const results = await Promise.all(
      requestIds.map((rid) => app.gql(ACCEPT, { id: rid }, { token: host.token })),
    );
    const ok = results.filter((r) => !r.errors);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) expectOneError(r, 'CONFLICT');
    const state = await app.gql(
      'query($id: ID!) { event(id: $id) { participantCount freeSlots participants { user { id } } } }',
      { id },
      { token: host.token },
    );
    expect(state.data.event).toMatchObject({ participantCount: 2, freeSlots: 0 });
    expect(state.data.event.participants).toHaveLength(2);
  });

  it('lets a requester withdraw and a participant leave, freeing the place', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventOf(host, { maxParticipants: 2 });
    const rid = (await ask(guest, id)).data.requestToJoin.joinRequest.id;
    const withdraw = await app.gql(
      'mutation($id: ID!) { withdrawRequest(input: {id: $id}) { joinRequest { status } } }',
      { id: rid },
      { token: guest.token },
    );
    expect(withdraw.data.withdrawRequest.joinRequest.status).toBe('WITHDRAWN');
    // The host hears of it and the request no longer waits for a decision.
    const hostView = await app.gql(
      'query($id: ID!) { event(id: $id) { pendingRequestCount } notifications { nodes { type text actor { id } } } }',
      { id },
      { token: host.token },
    );
    expect(hostView.data.event.pendingRequestCount).toBe(0);
    expect(hostView.data.notifications.nodes[0]).toMatchObject({
      type: 'JOIN_REQUEST_WITHDRAWN',
      actor: { id: guest.id },
    });
    expect(hostView.data.notifications.nodes[0].text).toContain('geri çekti');
    const again = (await ask(guest, id)).data.requestToJoin.joinRequest.id;
    await app.gql(ACCEPT, { id: again }, { token: host.token });
    const leave = await app.gql(
      'mutation($id: ID!) { leaveEvent(input: {eventId: $id}) { event { participantCount freeSlots } } }',
      { id },
      { token: guest.token },
    );
    expect(leave.data.leaveEvent.event).toEqual({ participantCount: 0, freeSlots: 2 });
    expectOneError(
      await app.gql(
        'mutation($id: ID!) { leaveEvent(input: {eventId: $id}) { event { id } } }',
        { id },
        { token: guest.token },
      ),
      'CONFLICT',
    );
  });
});

describe('host numbers', () => {
  it('keeps hosted events and participants right through accept, leave and cancel', async () => {
    const host = await app.newUser();
    const guests = [await app.newUser(), await app.newUser()];
    const STATS = `query($id: ID!) { user(id: $id) { stats { eventsHosted totalParticipants } } }`;
    const stats = async () => (await app.gql(STATS, { id: host.id }, { token: host.token })).data.user.stats;
    const first = await eventOf(host);
    const second = await eventOf(host);
    expect(await stats()).toEqual({ eventsHosted: 2, totalParticipants: 0 });
    for (const g of guests) {
      const rid = (await ask(g, first)).data.requestToJoin.joinRequest.id;
      await app.gql(ACCEPT, { id: rid }, { token: host.token });
    }
    const rid = (await ask(guests[0], second)).data.requestToJoin.joinRequest.id;
    await app.gql(ACCEPT, { id: rid }, { token: host.token });
    expect(await stats()).toEqual({ eventsHosted: 2, totalParticipants: 3 });
    await app.gql(
      'mutation($id: ID!) { leaveEvent(input: {eventId: $id}) { event { id } } }',
      { id: first },
      {
        token: guests[1].token,
      },
    );
    expect(await stats()).toEqual({ eventsHosted: 2, totalParticipants: 2 });
    const cancel = await app.gql(
      'mutation($id: ID!) { cancelEvent(input: {id: $id}) { event { status } } }',
      { id: second },
      { token: host.token },
    );
    expect(cancel.errors).toBeUndefined();
    expect(await stats()).toEqual({ eventsHosted: 1, totalParticipants: 1 });
  });
});
