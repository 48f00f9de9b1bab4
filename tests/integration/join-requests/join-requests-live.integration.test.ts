import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { channels } from '#server/pubsub/channels.ts';
import { expectOneError, startTestApp, subscribe, type TestApp } from '#tests/helpers/test-app.ts';
import { ACCEPT, DECLINE, joinRequestSteps } from './join-requests.fixtures.ts';

// Join requests as the people on both sides live them: the conversation, My Events, live pushes and
// notifications, e-mails, and the REST shim's shapes.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
const { eventOf, ask } = joinRequestSteps(() => app);

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
    const asked = await ask(host, theirs, 'Katılabilir miyim?');
    const res = await app.gql(
      '{ myEventCounts { total hosted attended } myEvents { totalCount edges { node { id viewerRole pendingRequestCount viewerJoinRequest { status } } } } }',
      undefined,
      { token: host.token },
    );
    // A pending request is listed (total) but not counted as taking part.
    expect(res.data.myEventCounts).toEqual({ total: 2, hosted: 1, attended: 0 });
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
    // Accepted, the user takes part: now it counts as attended.
    await app.gql(ACCEPT, { id: asked.data.requestToJoin.joinRequest.id }, { token: guest.token });
    const after = await app.gql('{ myEventCounts { total hosted attended } }', undefined, {
      token: host.token,
    });
    expect(after.data.myEventCounts).toEqual({ total: 2, hosted: 1, attended: 1 });
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
    // The decision, then the badge it earned (a first event joined).
    const [toGuest, badge] = await guestFeed.waitFor(2);
    expect(toGuest.data.notificationAdded).toMatchObject({
      type: 'JOIN_REQUEST_ACCEPTED',
      joinRequest: { status: 'ACCEPTED' },
    });
    expect(badge.data.notificationAdded).toMatchObject({
      type: 'BADGE_EARNED',
      text: 'Yeni rozet kazandın: Aramıza Hoş Geldin',
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
    expect(unread.data.unreadNotificationCount).toBe(3);
    const marked = await app.gql(
      'mutation { markNotificationsRead(input: {all: true}) { unreadCount } }',
      undefined,
      { token: guest.token },
    );
    expect(marked.data.markNotificationsRead.unreadCount).toBe(0);
  });

  it('writes live notifications in the app’s language (connection_init), not the browser’s', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await eventOf(host);
    const NOTE = 'subscription { notificationAdded { type text } }';
    // The socket's own header says Turkish (a Turkish browser); the app is in English.
    const guestClient = app.ws(guest.token, { 'Accept-Language': 'en-GB,en;q=0.9,tr;q=0.5' });
    const feed = subscribe(guestClient, NOTE);
    await app.subscribed(channels.notifications(guest.id));
    const rid = (await ask(guest, id, 'Hello')).data.requestToJoin.joinRequest.id;
    await app.gql(ACCEPT, { id: rid }, { token: host.token });
    const [decision, badge] = await feed.waitFor(2);
    expect(decision.data.notificationAdded.type).toBe('JOIN_REQUEST_ACCEPTED');
    expect(badge.data.notificationAdded.text).not.toBe('Yeni rozet kazandın: Aramıza Hoş Geldin');
    expect(badge.data.notificationAdded.text).toMatch(/badge/i);
    feed.dispose();
    await guestClient.dispose();
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
    expect(asGuest.body.eventType).toBeNull();
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
      message: 'İstek kabul edildi!',
      joinRequest: { status: 'accepted' },
      participants: { current: 1 },
    });
    // The REST shape's relation: the accepted guest is a participant and sees the exact place; a
    // stranger is nobody and does not.
    const asParticipant = await app.rest('GET', `/private/event/${id}`, { token: guest.token });
    expect(asParticipant.body).toMatchObject({
      viewerRole: 'participant',
      eventType: 'participant',
      location: { exact: true },
    });
    const hostView = await app.rest('GET', `/private/event/${id}`, { token: host.token });
    expect(hostView.body).toMatchObject({ viewerRole: 'host', eventType: 'host' });
    const stranger = await app.newUser();
    const asStranger = await app.rest('GET', `/private/event/${id}`, { token: stranger.token });
    expect(asStranger.body).toMatchObject({ viewerRole: 'none', eventType: null, myRequest: null });
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
