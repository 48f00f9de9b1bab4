import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { befriend, DOCS, ok } from './social.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const status = async (viewer: { token: string }, id: string) =>
  ok(await app.gql(DOCS.user, { id }, { token: viewer.token })).user;

describe('friend requests', () => {
  it('sends, accepts with a notification that leads to the friends page, and lists mutual friends', async () => {
    const [ayse, mehmet, zeynep] = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    const sent = ok(await app.gql(DOCS.send, { input: { userId: mehmet.id } }, { token: ayse.token }));
    expect(sent.sendFriendRequest.user.friendship).toBe('REQUEST_SENT');
    expect((await status(mehmet, ayse.id)).friendship).toBe('REQUEST_RECEIVED');
    // Asking twice is harmless.
    ok(await app.gql(DOCS.send, { input: { userId: mehmet.id } }, { token: ayse.token }));
    const incoming = ok(await app.gql(DOCS.requests, undefined, { token: mehmet.token })).friendRequests;
    expect(incoming.incoming.map((r: { user: { id: string } }) => r.user.id)).toEqual([ayse.id]);
    const [note] = ok(await app.gql(DOCS.notifications, undefined, { token: mehmet.token })).notifications
      .nodes;
    expect(note).toMatchObject({ type: 'FRIEND_REQUEST_RECEIVED', link: '/dashboard/friends?tab=requests' });

    const accepted = ok(
      await app.gql(DOCS.respond, { input: { userId: ayse.id, accept: true } }, { token: mehmet.token }),
    );
    expect(accepted.respondToFriendRequest.user.friendship).toBe('FRIENDS');
    const [told] = ok(await app.gql(DOCS.notifications, undefined, { token: ayse.token })).notifications
      .nodes;
    expect(told).toMatchObject({ type: 'FRIEND_REQUEST_ACCEPTED', link: '/dashboard/friends' });

    // Zeynep is friends with both: one mutual friend between Ayşe and Mehmet.
    await befriend(app, zeynep, ayse);
    await befriend(app, zeynep, mehmet);
    const list = ok(await app.gql(DOCS.friends, undefined, { token: ayse.token })).friends.nodes;
    expect(list.map((f: { user: { id: string } }) => f.user.id).sort()).toEqual(
      [mehmet.id, zeynep.id].sort(),
    );
    expect(list.find((f: { user: { id: string } }) => f.user.id === mehmet.id).mutualCount).toBe(1);
    expect(await status(ayse, mehmet.id)).toMatchObject({
      friendship: 'FRIENDS',
      mutualFriendCount: 1,
      friendCount: 2,
    });
  });

  it('asking back accepts; decline, cancel and remove end it; yourself and nobody are refused', async () => {
    const [a, b, c] = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    ok(await app.gql(DOCS.send, { input: { userId: b.id } }, { token: a.token }));
    const back = ok(await app.gql(DOCS.send, { input: { userId: a.id } }, { token: b.token }));
    expect(back.sendFriendRequest.user.friendship).toBe('FRIENDS');
    ok(await app.gql(DOCS.remove, { input: { userId: a.id } }, { token: b.token }));
    expect((await status(a, b.id)).friendship).toBe('NONE');

    ok(await app.gql(DOCS.send, { input: { userId: c.id } }, { token: a.token }));
    ok(await app.gql(DOCS.respond, { input: { userId: a.id, accept: false } }, { token: c.token }));
    expect((await status(a, c.id)).friendship).toBe('NONE');
    ok(await app.gql(DOCS.send, { input: { userId: c.id } }, { token: a.token }));
    ok(await app.gql(DOCS.cancel, { input: { userId: c.id } }, { token: a.token }));
    expect((await status(c, a.id)).friendship).toBe('NONE');
    // Accepting what was cancelled: there is nothing to accept.
    expectOneError(
      await app.gql(DOCS.respond, { input: { userId: a.id, accept: true } }, { token: c.token }),
      'NOT_FOUND',
    );
    expectOneError(
      await app.gql(DOCS.send, { input: { userId: a.id } }, { token: a.token }),
      'BAD_USER_INPUT',
    );
    expectOneError(
      await app.gql(
        DOCS.send,
        { input: { userId: '00000000-0000-4000-8000-000000000000' } },
        { token: a.token },
      ),
      'NOT_FOUND',
    );
  });

  it('respects blocks both ways: a block ends the friendship and refuses new requests', async () => {
    const [a, b] = await Promise.all([app.newUser(), app.newUser()]);
    await befriend(app, a, b);
    ok(
      await app.gql(
        'mutation($id: ID!) { blockUser(input: {userId: $id}) { user { id } } }',
        { id: a.id },
        { token: b.token },
      ),
    );
    expect((await status(a, b.id)).friendship).toBe('NONE');
    expectOneError(await app.gql(DOCS.send, { input: { userId: b.id } }, { token: a.token }), 'NOT_FOUND');
    expectOneError(await app.gql(DOCS.send, { input: { userId: a.id } }, { token: b.token }), 'NOT_FOUND');
  });

  it('limits how many requests one user sends in an hour', async () => {
    const spammer = await app.newUser();
    const targets = await Promise.all(Array.from({ length: 31 }, () => app.newUser()));
    for (const target of targets.slice(0, 30))
      ok(await app.gql(DOCS.send, { input: { userId: target.id } }, { token: spammer.token }));
    const refused = expectOneError(
      await app.gql(DOCS.send, { input: { userId: targets[30].id } }, { token: spammer.token }),
      'RATE_LIMITED',
    );
    expect(refused.message).toContain('dakika');
  });
});

describe('friends at events', () => {
  it('shows which friends host or go to an event, and lists friends’ upcoming events', async () => {
    const [me, friend, stranger, host] = await Promise.all([
      app.newUser(),
      app.newUser(),
      app.newUser(),
      app.newUser(),
    ]);
    await befriend(app, me, friend);
    await befriend(app, me, host);
    const eventId = await createEventAs(app, host);
    await joinEvent(app, eventId, host, friend);
    await joinEvent(app, eventId, host, stranger);
    const going = ok(
      await app.gql(
        'query($id: ID!) { event(id: $id) { friendsGoing { id } } }',
        { id: eventId },
        { token: me.token },
      ),
    ).event.friendsGoing.map((u: { id: string }) => u.id);
    expect(going).toEqual([host.id, friend.id]);
    // The stranger has no friends there.
    const none = ok(
      await app.gql(
        'query($id: ID!) { event(id: $id) { friendsGoing { id } } }',
        { id: eventId },
        { token: stranger.token },
      ),
    ).event.friendsGoing;
    expect(none).toEqual([]);
    const events = ok(
      await app.gql('{ friendsEvents(first: 10) { event { id } friends { id } } }', undefined, {
        token: me.token,
      }),
    ).friendsEvents;
    expect(events).toContainEqual({ event: { id: eventId }, friends: [{ id: host.id }, { id: friend.id }] });
  });
});
