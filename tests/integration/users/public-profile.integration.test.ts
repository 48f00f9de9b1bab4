import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs, joinEvent, moveEventEnd, requestToJoin } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const PROFILE = `query Profile($id: ID!) {
  user(id: $id) {
    id displayName username bio city district createdAt avatarUrl
    interests { id label }
    badges { id name }
    stats { eventsHosted eventsJoined totalParticipants averageRating }
    hostRating { average count }
    participantRating { average count }
    reviews(first: 10) { totalCount nodes { score feedback rater { id displayName } ratee { id } event { id title } } }
    activity(first: 10) { type event { id title } }
    eventsInCommon(first: 10) { id }
    email fullName tokenBalance locale notificationPreferences { emailDecisions }
    exactLocation { lat lng } lastUsedIpLocation { city } homePoint { lat lng }
  }
}`;
const RATE = `mutation($input: RateEventInput!) { rateEvent(input: $input) { rating { id score ratee { id } } } }`;
const PRIVATE_FIELDS = [
  'email',
  'fullName',
  'tokenBalance',
  'locale',
  'notificationPreferences',
  'exactLocation',
  'lastUsedIpLocation',
  'homePoint',
];

async function profiledUser() {
  const user = await app.newUser();
  const res = await app.gql(
    `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }`,
    {
      input: {
        displayName: 'Deniz Kaya',
        username: `deniz${Math.random().toString(36).slice(2, 8)}`,
        bio: 'Satranç ve kahve.',
        city: 'İstanbul',
        district: 'Beşiktaş',
        exactLocation: { lat: 41.04321, lng: 29.00789, address: 'Gizli Sokak No 7' },
        interests: ['satranc', 'kahve-sohbeti'],
      },
    },
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return user;
}

describe("another user's profile", () => {
  it('shows what others may see, with ratings both ways, reviews, activity and events in common', async () => {
    const host = await profiledUser();
    const guest = await app.newUser();
    const viewer = await app.newUser();
    const id = await createEventAs(app, host);
    await joinEvent(app, id, host, guest);
    await joinEvent(app, id, host, viewer);
    await moveEventEnd(app, id, 3600_000);

    // The participant rates the host; the host rates the participant.
    expect(
      (
        await app.gql(
          RATE,
          { input: { eventId: id, score: 4, feedback: 'Keyifliydi!' } },
          { token: guest.token },
        )
      ).errors,
    ).toBeUndefined();
    const hostRates = await app.gql(
      RATE,
      { input: { eventId: id, userId: guest.id, score: 5, feedback: 'Tam zamanında geldi.' } },
      { token: host.token },
    );
    expect(hostRates.errors).toBeUndefined();
    expect(hostRates.data.rateEvent.rating.ratee.id).toBe(guest.id);

    const seen = (await app.gql(PROFILE, { id: host.id }, { token: viewer.token })).data.user;
    expect(seen).toMatchObject({
      displayName: 'Deniz Kaya',
      bio: 'Satranç ve kahve.',
      city: 'İstanbul',
      district: 'Beşiktaş',
      interests: [
        { id: 'satranc', label: 'Satranç' },
        { id: 'kahve-sohbeti', label: 'Kahve Sohbeti' },
      ],
      hostRating: { average: 4, count: 1 },
      participantRating: { average: null, count: 0 },
      eventsInCommon: [{ id }],
    });
    expect(seen.reviews.totalCount).toBe(1);
    expect(seen.reviews.nodes[0]).toMatchObject({
      score: 4,
      feedback: 'Keyifliydi!',
      rater: { id: guest.id },
    });
    expect(seen.activity).toEqual([{ type: 'HOSTED', event: { id, title: expect.any(String) } }]);
    for (const field of PRIVATE_FIELDS) expect(seen[field], field).toBeNull();

    const guestSeen = (await app.gql(PROFILE, { id: guest.id }, { token: viewer.token })).data.user;
    expect(guestSeen.participantRating).toEqual({ average: 5, count: 1 });
    expect(guestSeen.reviews.nodes[0]).toMatchObject({
      feedback: 'Tam zamanında geldi.',
      rater: { id: host.id },
    });
    expect(guestSeen.activity).toEqual([{ type: 'JOINED', event: { id, title: expect.any(String) } }]);

    // The host sees their own rating of each participant on the roster.
    const roster = await app.gql(
      `query($id: ID!) { event(id: $id) { viewerCanRateParticipants participants { user { id } viewerRating { score } } } }`,
      { id },
      { token: host.token },
    );
    expect(roster.data.event.viewerCanRateParticipants).toBe(true);
    expect(roster.data.event.participants).toContainEqual({
      user: { id: guest.id },
      viewerRating: { score: 5 },
    });
    expect(roster.data.event.participants).toContainEqual({ user: { id: viewer.id }, viewerRating: null });

    // The viewer themself sees their private fields.
    const own = (await app.gql(PROFILE, { id: host.id }, { token: host.token })).data.user;
    expect(own.exactLocation).toEqual({ lat: 41.04321, lng: 29.00789 });
    expect(own.eventsInCommon).toEqual([]);
  });

  it('lets only the host rate participants, only accepted ones, only after the end', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const stranger = await app.newUser();
    const id = await createEventAs(app, host);
    await joinEvent(app, id, host, guest);
    const early = await app.gql(
      RATE,
      { input: { eventId: id, userId: guest.id, score: 5 } },
      { token: host.token },
    );
    expect(expectOneError(early, 'CONFLICT').message).toBe(
      'Etkinlik henüz bitmedi; bittikten sonra puan verebilirsin.',
    );
    await moveEventEnd(app, id, 3600_000);
    const notHost = await app.gql(
      RATE,
      { input: { eventId: id, userId: stranger.id, score: 5 } },
      { token: guest.token },
    );
    expect(expectOneError(notHost, 'FORBIDDEN').message).toBe(
      'Katılımcıları yalnızca etkinliğin hostu puanlayabilir.',
    );
    const notParticipant = await app.gql(
      RATE,
      { input: { eventId: id, userId: stranger.id, score: 5 } },
      { token: host.token },
    );
    expect(expectOneError(notParticipant, 'FORBIDDEN').message).toBe(
      'Bu kişi etkinliğin kabul edilmiş bir katılımcısı değil.',
    );
    const abusive = await app.gql(
      RATE,
      { input: { eventId: id, userId: guest.id, score: 1, feedback: 'siktir git lan' } },
      { token: host.token },
    );
    expect(expectOneError(abusive, 'BAD_USER_INPUT').extensions?.field).toBe('input.feedback');
  });

  it('hides activity across a block', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const viewer = await app.newUser();
    const id = await createEventAs(app, host);
    await joinEvent(app, id, host, guest);
    const before = (await app.gql(PROFILE, { id: guest.id }, { token: viewer.token })).data.user;
    expect(before.activity).toHaveLength(1);
    await app.gql(
      `mutation($id: ID!) { blockUser(input: {userId: $id}) { user { id } } }`,
      { id: host.id },
      { token: viewer.token },
    );
    const after = (await app.gql(PROFILE, { id: guest.id }, { token: viewer.token })).data.user;
    expect(after.activity).toEqual([]);
  });
});

describe('private fields', () => {
  it('never reach anyone else, in any GraphQL or REST answer', async () => {
    const owner = await profiledUser();
    const other = await app.newUser();
    // The owner hosts an event and asks to join another's: their profile shows up as host, as
    // requester (to the other host), in notifications and in REST shapes.
    const hosted = await createEventAs(app, owner);
    const elsewhere = await createEventAs(app, other);
    await requestToJoin(app, elsewhere, owner);
    await requestToJoin(app, hosted, other);

    const me = (
      await app.gql(`{ me { email tokenBalance exactLocation { lat lng address } } }`, undefined, {
        token: owner.token,
      })
    ).data.me;
    const secrets = [me.email, 'Gizli Sokak', String(me.exactLocation.lat), String(me.exactLocation.lng)];
    expect(me.email).toContain('@');

    const answers = await Promise.all([
      app.gql(PROFILE, { id: owner.id }, { token: other.token }),
      app.gql(
        `query($id: ID!) { event(id: $id) { host { id displayName email exactLocation { lat } } joinRequests { user { id email exactLocation { address } tokenBalance } } } }`,
        { id: elsewhere },
        { token: other.token },
      ),
      app.gql(
        `query($id: ID!) { event(id: $id) { host { id email homePoint { lat } } } }`,
        { id: hosted },
        { token: other.token },
      ),
      app.gql(
        `{ notifications(first: 20) { nodes { text actor { id email exactLocation { lat } } } } }`,
        undefined,
        {
          token: other.token,
        },
      ),
      app.rest('GET', `/private/event/${elsewhere}`, { token: other.token }),
      app.rest('GET', `/private/event/${hosted}`, { token: other.token }),
      app.rest('GET', '/private/events/physical', { token: other.token }),
      app.rest('GET', '/private/myEvents', { token: other.token }),
    ]);
    const text = JSON.stringify(answers.map((a) => ('body' in a ? a.body : a.data)));
    expect(text).toContain(owner.id);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });
});
