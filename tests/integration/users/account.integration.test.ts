import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDrafts, events, users } from '#db/schema/index.ts';
import { createEventAs, joinEvent, requestToJoin } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const DELETE = `mutation($c: String!) { deleteAccount(input: {confirmation: $c}) { cancelledEvents } }`;

describe('deleteAccount', () => {
  it('asks for the username or e-mail, then ends what the user takes part in and empties the profile', async () => {
    const leaving = await app.newUser();
    const host = await app.newUser();
    const guest = await app.newUser();
    const username = `gidiyor${Math.random().toString(36).slice(2, 8)}`;
    await app.gql(
      `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }`,
      { input: { username, bio: 'Görüşürüz', city: 'İstanbul' } },
      { token: leaving.token },
    );
    // Hosts an upcoming event with a participant; joined another; asked to join a third.
    const own = await createEventAs(app, leaving);
    await joinEvent(app, own, leaving, guest);
    const joined = await createEventAs(app, host);
    await joinEvent(app, joined, host, leaving);
    const asked = await createEventAs(app, host, { online: true });
    await requestToJoin(app, asked, leaving);
    // And kept a draft, words of their own.
    const draft = await app.gql(
      `mutation($input: SaveEventDraftInput!) { saveEventDraft(input: $input) { draft { id } } }`,
      { input: { mode: 'ONLINE', step: 2, values: { title: 'Benim taslağım' } } },
      { token: leaving.token },
    );
    expect(draft.errors).toBeUndefined();

    const wrong = expectOneError(
      await app.gql(DELETE, { c: 'başkası' }, { token: leaving.token }),
      'BAD_USER_INPUT',
    );
    expect(wrong.message).toBe('Onay için kullanıcı adını ya da e-posta adresini aynen yaz.');
    expect(wrong.extensions?.field).toBe('input.confirmation');

    const res = await app.gql(DELETE, { c: `@${username.toUpperCase()}` }, { token: leaving.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.deleteAccount.cancelledEvents).toBe(1);

    expect(
      await app.database.db.select().from(eventDrafts).where(eq(eventDrafts.hostId, leaving.id)),
    ).toEqual([]);
    const [ownRow] = await app.database.db.select().from(events).where(eq(events.id, own));
    expect(ownRow.cancelledAt).not.toBeNull();
    const counts = await app.gql(
      `query($a: ID!, $b: ID!) { a: event(id: $a) { participantCount pendingRequestCount } b: event(id: $b) { pendingRequestCount } }`,
      { a: joined, b: asked },
      { token: host.token },
    );
    expect(counts.data).toEqual({
      a: { participantCount: 0, pendingRequestCount: 0 },
      b: { pendingRequestCount: 0 },
    });
    // The participant of the cancelled event heard about it.
    const told = await app.gql(`{ notifications(first: 5) { nodes { type event { id } } } }`, undefined, {
      token: guest.token,
    });
    expect(told.data.notifications.nodes).toContainEqual({ type: 'EVENT_CANCELLED', event: { id: own } });

    // Past traces stay, emptied.
    const seen = await app.gql(
      `query($id: ID!) { user(id: $id) { displayName username bio city } }`,
      { id: leaving.id },
      {
        token: host.token,
      },
    );
    expect(seen.data.user).toEqual({
      displayName: 'Silinmiş kullanıcı',
      username: null,
      bio: null,
      city: null,
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, leaving.id));
    expect(row.email).toBeNull();
    expect(row.deletedAt).not.toBeNull();
    // The sign-in account is gone: the old token no longer opens anything.
    const after = await app.gql(`{ me { id } }`, undefined, { token: leaving.token });
    expect(expectOneError(after, 'UNAUTHENTICATED')).toBeDefined();
    // The username is free again.
    const check = await app.gql(
      `query($u: String!) { usernameAvailable(username: $u) { available } }`,
      { u: username },
      {
        token: host.token,
      },
    );
    expect(check.data.usernameAvailable.available).toBe(true);
  });
});
