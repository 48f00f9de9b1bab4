import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { blocks } from '#db/schema/index.ts';
import { createRulesChecker } from '#server/modules/moderation/moderation.ts';
import { channels } from '#server/pubsub/channels.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import {
  expectOneError,
  startTestApp,
  subscribe,
  type TestApp,
  type TestUser,
} from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const REQUEST = `mutation Request($input: RequestToJoinInput!) {
  requestToJoin(input: $input) { joinRequest { id status message declinedByCheck check { verdict reasons engine } } event { id } }
}`;
const ACCEPT = `mutation Accept($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id status } event { participantCount freeSlots } } }`;
const DECLINE = `mutation Decline($id: ID!) { declineRequest(input: {id: $id}) { joinRequest { id status } } }`;
const REQUESTS = `query Requests($id: ID!) { event(id: $id) { pendingRequestCount joinRequests { id status message user { id } check { verdict reasons } } viewerJoinRequest { id status } } }`;

async function eventOf(host: TestUser, overrides: Record<string, unknown> = {}, online = false) {
  const input = online ? buildOnlineEventInput(overrides) : buildPhysicalEventInput(overrides);
  const res = await app.gql(CREATE_EVENT, { input }, { token: host.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent.event.id as string;
}

const ask = (user: TestUser, eventId: string, message?: string | null) =>
  app.gql(REQUEST, { input: { eventId, message } }, { token: user.token });

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
    expect(notes.data.unreadNotificationCount).toBe(1);
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

describe('messages', () => {
  it('keeps one conversation per host and requester, visible to both, closed to strangers', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const stranger = await app.newUser();
    const id = await eventOf(host);
    await ask(guest, id, 'Merhaba');
    const SEND =
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { body sender { id } } conversation { id } } }';
    const CONV =
      'query($e: ID!, $u: ID) { conversation(eventId: $e, withUserId: $u) { id otherUser { id } messages { body sender { id } } } }';
    const first = await app.gql(
      SEND,
      { input: { eventId: id, toUserId: guest.id, body: 'Selam, sahada görüşürüz!' } },
      { token: host.token },
    );
    expect(first.errors).toBeUndefined();
    await app.gql(SEND, { input: { eventId: id, body: 'Süper, teşekkürler' } }, { token: guest.token });
    const fromHost = await app.gql(CONV, { e: id, u: guest.id }, { token: host.token });
    const fromGuest = await app.gql(CONV, { e: id }, { token: guest.token });
    expect(fromHost.data.conversation.id).toBe(fromGuest.data.conversation.id);
    expect(fromGuest.data.conversation.otherUser.id).toBe(host.id);
    expect(fromHost.data.conversation.messages.map((m: any) => m.body)).toEqual([
      'Selam, sahada görüşürüz!',
      'Süper, teşekkürler',
    ]);

    expect(
      (await app.gql(CONV, { e: id, u: guest.id }, { token: stranger.token })).data.conversation,
    ).toBeNull();
    expect((await app.gql(CONV, { e: id }, { token: stranger.token })).data.conversation).toBeNull();
    expectOneError(
      await app.gql(
        SEND,
        { input: { eventId: id, body: 'Beni de alır mısınız' } },
        { token: stranger.token },
      ),
      'NOT_FOUND',
    );
    expectOneError(
      await app.gql(
        SEND,
        { input: { eventId: id, toUserId: stranger.id, body: 'Selam' } },
        { token: host.token },
      ),
      'NOT_FOUND',
    );
    expectOneError(
      await app.gql(SEND, { input: { eventId: id, body: '   ' } }, { token: guest.token }),
      'BAD_USER_INPUT',
    );
    const notes = await app.gql('{ notifications { nodes { type } } }', undefined, { token: guest.token });
    expect(notes.data.notifications.nodes.map((n: any) => n.type)).toContain('MESSAGE_RECEIVED');
  });
});

describe('my events and notifications', () => {
  it('lists hosted and requested events with roles and counts', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const mine = await eventOf(host, { title: 'Benim maçım' });
    const theirs = await eventOf(guest, { title: 'Onun maçı' }, true);
    await ask(host, theirs, 'Katılabilir miyim?');
    const res = await app.gql(
      '{ myEventCounts { total hosted attended } myEvents { totalCount edges { node { id viewerRole pendingRequestCount viewerJoinRequest { status } } } } }',
      undefined,
      { token: host.token },
    );
    expect(res.data.myEventCounts).toEqual({ total: 2, hosted: 1, attended: 1 });
    const byId = Object.fromEntries(res.data.myEvents.edges.map((e: any) => [e.node.id, e.node]));
    expect(byId[mine]).toMatchObject({ viewerRole: 'HOST', pendingRequestCount: 0, viewerJoinRequest: null });
    expect(byId[theirs]).toMatchObject({
      viewerRole: 'REQUESTER',
      pendingRequestCount: null,
      viewerJoinRequest: { status: 'PENDING' },
    });
    const hosted = await app.gql('{ myEvents(filter: {role: HOST}) { totalCount } }', undefined, {
      token: host.token,
    });
    expect(hosted.data.myEvents.totalCount).toBe(1);
  });

  it('pushes new requests to the host and decisions to the requester live, and counts unread right after a reconnect', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventOf(host);
    const NOTE = 'subscription { notificationAdded { type text event { id } joinRequest { id status } } }';
    const hostClient = app.ws(host.token);
    const guestClient = app.ws(guest.token);
    const hostFeed = subscribe(hostClient, NOTE);
    const guestFeed = subscribe(guestClient, NOTE);
    await app.subscribed(channels.notifications(host.id));
    await app.subscribed(channels.notifications(guest.id));
    const rid = (await ask(guest, id, 'Selam')).data.requestToJoin.joinRequest.id;
    const [toHost] = await hostFeed.waitFor(1);
    expect(toHost.data.notificationAdded).toMatchObject({
      type: 'JOIN_REQUEST_RECEIVED',
      event: { id },
      joinRequest: { id: rid, status: 'PENDING' },
    });
    await app.gql(ACCEPT, { id: rid }, { token: host.token });
    const [toGuest] = await guestFeed.waitFor(1);
    expect(toGuest.data.notificationAdded).toMatchObject({
      type: 'JOIN_REQUEST_ACCEPTED',
      joinRequest: { status: 'ACCEPTED' },
    });
    hostFeed.dispose();
    guestFeed.dispose();
    await hostClient.dispose();
    await guestClient.dispose();

    // While nobody listens, a message arrives; the count is right when the guest comes back.
    await app.gql(
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }',
      { input: { eventId: id, toUserId: guest.id, body: 'Görüşürüz!' } },
      { token: host.token },
    );
    const unread = await app.gql('{ unreadNotificationCount }', undefined, { token: guest.token });
    expect(unread.data.unreadNotificationCount).toBe(2);
    const marked = await app.gql(
      'mutation { markNotificationsRead(input: {all: true}) { unreadCount } }',
      undefined,
      { token: guest.token },
    );
    expect(marked.data.markNotificationsRead.unreadCount).toBe(0);
  });

  it.skipIf(!inject('redisUrl'))(
    'delivers a decision made on instance B to the requester subscribed on instance A',
    async () => {
      const b = await startTestApp();
      try {
        const host = await app.newUser();
        const guest = await app.newUser();
        const id = await eventOf(host);
        const rid = (await ask(guest, id, 'Merhaba')).data.requestToJoin.joinRequest.id;
        const client = app.ws(guest.token);
        const feed = subscribe(client, 'subscription { notificationAdded { type joinRequest { id } } }');
        await app.subscribed(channels.notifications(guest.id));
        const decided = await b.gql(DECLINE, { id: rid }, { token: host.token });
        expect(decided.errors).toBeUndefined();
        const [note] = await feed.waitFor(1);
        expect(note.data.notificationAdded).toEqual({
          type: 'JOIN_REQUEST_DECLINED',
          joinRequest: { id: rid },
        });
        feed.dispose();
        await client.dispose();
      } finally {
        await b.close();
      }
    },
  );

  it('tells subscribers of an event when its participants change', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventOf(host);
    const client = app.ws(guest.token);
    const feed = subscribe(
      client,
      'subscription($id: ID!) { eventChanged(id: $id) { id participantCount } }',
      { id },
    );
    await app.subscribed(channels.event(id));
    const rid = (await ask(guest, id)).data.requestToJoin.joinRequest.id;
    await app.gql(ACCEPT, { id: rid }, { token: host.token });
    const changes = await feed.waitFor(1);
    expect(changes.at(-1)!.data.eventChanged).toEqual({ id, participantCount: 1 });
    feed.dispose();
    await client.dispose();
  });
});

describe('REST shim', () => {
  it('sends, lists and decides requests with the spec shapes', async () => {
    const host = await app.newUser({ email: undefined });
    const guest = await app.newUser();
    const id = await eventOf(host);
    const sent = await app.rest('POST', '/private/join-request', {
      token: guest.token,
      body: { eventId: id, message: 'Merhaba, ben de varım!' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(
      'Katılım isteğin gönderildi! Önce yazdığın mesaja AI bir göz atacak, ardından host seni değerlendirip yanıt verecek.',
    );
    const again = await app.rest('POST', '/private/join-request', {
      token: guest.token,
      body: { eventId: id, message: 'Tekrar' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Bu etkinlik için zaten bekleyen ya da kabul edilmiş bir isteğin var.');
    expect(again.body).toMatchObject({ code: 'CONFLICT', reasonCode: 'JOIN_DUPLICATE' });

    const asHost = await app.rest('GET', `/private/event/${id}`, { token: host.token });
    const [request] = asHost.body.joinRequests;
    expect(request).toMatchObject({
      _id: request.id,
      status: 'pending',
      message: 'Merhaba, ben de varım!',
      user: { id: guest.id, name: expect.any(String) },
      check: { verdict: 'ok', reasons: [] },
    });
    expect(typeof request.timestamp).toBe('string');
    const asGuest = await app.rest('GET', `/private/event/${id}`, { token: guest.token });
    expect(asGuest.body.joinRequests).toEqual([]);
    expect(asGuest.body.myRequest).toMatchObject({ status: 'pending' });
    expect(asGuest.body.viewerRole).toBe('requester');
    expect(asHost.body.viewerRole).toBe('host');

    const wrongEvent = await app.rest(
      'PUT',
      `/private/event/${await eventOf(host)}/accept-request/${request.id}`,
      { token: host.token },
    );
    expect(wrongEvent.status).toBe(404);
    const byGuest = await app.rest('PUT', `/private/event/${id}/accept-request/${request.id}`, {
      token: guest.token,
    });
    expect(byGuest.status).toBe(404);
    const accepted = await app.rest('PUT', `/private/event/${id}/accept-request/${request.id}`, {
      token: host.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      message: 'Request accepted successfully!',
      joinRequest: { status: 'accepted' },
      participants: { current: 1 },
    });
    // The REST shape's relation: the accepted guest is a participant and sees the exact place; a
    // stranger is nobody and does not.
    const asParticipant = await app.rest('GET', `/private/event/${id}`, { token: guest.token });
    expect(asParticipant.body).toMatchObject({ viewerRole: 'participant', location: { exact: true } });
    const stranger = await app.newUser();
    const asStranger = await app.rest('GET', `/private/event/${id}`, { token: stranger.token });
    expect(asStranger.body).toMatchObject({ viewerRole: 'none', myRequest: null });
    expect(asStranger.body.location?.exact ?? false).toBe(false);

    const mine = await app.rest('GET', '/private/myEvents', { token: guest.token });
    expect(mine.body.find((e: any) => e._id === id)).toMatchObject({
      eventType: 'participant',
      status: 'upcoming',
      myRequest: { status: 'accepted' },
    });
  });

  it('mails the host about a request and the requester about the decision (Turkish)', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventOf(host, { title: 'Posta testi maçı' });
    const rid = (await ask(guest, id, 'Merhaba')).data.requestToJoin.joinRequest.id;
    await app.gql(ACCEPT, { id: rid }, { token: host.token });
    // The mails leave after the commits: wait until both are in the outbox.
    const outbox = async () =>
      (await (await fetch(`${app.baseUrl}/dev/mailbox.json`)).json()) as {
        to: string;
        subject: string;
        text: string;
      }[];
    const addressed = async () =>
      (await outbox()).filter((m) => [`${host.sub}@squad.test`, `${guest.sub}@squad.test`].includes(m.to))
        .length;
    await expect.poll(addressed, { timeout: 10_000 }).toBe(2);
    const mails = await outbox();
    const toHost = mails.find((m) => m.to === `${host.sub}@squad.test`);
    const toGuest = mails.find((m) => m.to === `${guest.sub}@squad.test`);
    expect(toHost?.subject).toBe('"Posta testi maçı" etkinliğine yeni katılım isteği');
    expect(toHost?.text).toContain(`http://squad.test/dashboard/eventDetails/${id}`);
    expect(toGuest?.subject).toBe('"Posta testi maçı" etkinliğine katılım isteğin kabul edildi 🎉');
  });
});
