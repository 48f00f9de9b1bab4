import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { blocks, events, ratings } from '#db/schema/index.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const DAY = 86_400_000;

const RATE = `mutation Rate($input: RateEventInput!) {
  rateEvent(input: $input) {
    event { id averageRating feedbackCount viewerCanRate viewerRating { id score feedback } host { id stats { averageRating } } }
    rating { id score feedback createdAt rater { id } event { id } }
  }
}`;
const DETAILS = `query($id: ID!) { event(id: $id) { averageRating feedbackCount viewerCanRate viewerRating { id score feedback } } }`;

async function createAs(host: TestUser, online = false, overrides: Record<string, unknown> = {}) {
  const input = online ? buildOnlineEventInput(overrides) : buildPhysicalEventInput(overrides);
  const res = await app.gql(CREATE_EVENT, { input }, { token: host.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent.event.id as string;
}

// Through the real join flow: request, then the host accepts.
async function join(eventId: string, host: TestUser, guest: TestUser) {
  const asked = await app.gql(
    'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id status } } }',
    { input: { eventId, message: 'Selam, ben de gelmek isterim!' } },
    { token: guest.token },
  );
  if (asked.errors) throw new Error(JSON.stringify(asked.errors));
  const accepted = await app.gql(
    'mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { status } } }',
    { id: asked.data.requestToJoin.joinRequest.id },
    { token: host.token },
  );
  if (accepted.errors) throw new Error(JSON.stringify(accepted.errors));
}

// Moves an event so that it ended `endedAgoMs` ago (negative: still to come), lasting 90 minutes.
async function endedAgo(eventId: string, endedAgoMs: number) {
  const endsAt = new Date(Date.now() - endedAgoMs);
  await app.database.db
    .update(events)
    .set({ startsAt: new Date(endsAt.getTime() - 90 * 60_000), endsAt })
    .where(eq(events.id, eventId));
}

// A host, an event that ended an hour ago, and accepted participants.
async function completedEvent(participants = 1, online = false) {
  const host = await app.newUser();
  const guests: TestUser[] = [];
  const id = await createAs(host, online);
  for (let i = 0; i < participants; i++) {
    const guest = await app.newUser();
    await join(id, host, guest);
    guests.push(guest);
  }
  await endedAgo(id, 3600_000);
  return { host, guests, id };
}

const rate = (user: TestUser | null, input: Record<string, unknown>) =>
  app.gql(RATE, { input }, user ? { token: user.token } : {});

const round2 = (n: number) => Math.round(n * 100) / 100;

describe('rateEvent', () => {
  it('lets an accepted participant rate the host of a completed event, feeding every average', async () => {
    const { host, guests, id } = await completedEvent(2);
    const [a, b] = guests;

    const before = await app.gql(DETAILS, { id }, { token: a.token });
    expect(before.data.event).toEqual({
      averageRating: null,
      feedbackCount: 0,
      viewerCanRate: true,
      viewerRating: null,
    });

    const first = await rate(a, { eventId: id, score: 5, feedback: '  Harika bir maçtı, teşekkürler!  ' });
    expect(first.errors).toBeUndefined();
    expect(first.data.rateEvent.rating).toMatchObject({
      score: 5,
      feedback: 'Harika bir maçtı, teşekkürler!',
      rater: { id: a.id },
      event: { id },
    });
    expect(first.data.rateEvent.event).toMatchObject({
      averageRating: 5,
      feedbackCount: 1,
      viewerCanRate: true,
      viewerRating: { id: first.data.rateEvent.rating.id, score: 5 },
      host: { id: host.id, stats: { averageRating: 5 } },
    });

    // Empty feedback is no feedback.
    const second = await rate(b, { eventId: id, score: 2, feedback: '   ' });
    expect(second.data.rateEvent.rating).toMatchObject({ score: 2, feedback: null });
    expect(second.data.rateEvent.event).toMatchObject({ averageRating: 3.5, feedbackCount: 2 });

    // The host's profile average spans all events they hosted: add a second event rated 4.
    const other = await createAs(host, true);
    const c = await app.newUser();
    await join(other, host, c);
    await endedAgo(other, 2 * DAY);
    await rate(c, { eventId: other, score: 4 });
    const stats = await app.gql(
      'query($id: ID!) { user(id: $id) { stats { averageRating } } }',
      { id: host.id },
      { token: c.token },
    );
    expect(stats.errors).toBeUndefined();
    expect(stats.data.user.stats.averageRating).toBe(round2((5 + 2 + 4) / 3));

    // What others see, and the REST shim's read shape.
    const asHost = await app.gql(DETAILS, { id }, { token: host.token });
    expect(asHost.data.event).toEqual({
      averageRating: 3.5,
      feedbackCount: 2,
      viewerCanRate: false,
      viewerRating: null,
    });
    const legacy = await app.rest('GET', `/private/event/${id}`, { token: a.token });
    expect(legacy.body).toMatchObject({ status: 'completed', rating: 3.5, feedback: 2 });
  });

  it('updates the rating when the participant rates again instead of adding one', async () => {
    const { guests, id } = await completedEvent(1);
    const [a] = guests;
    const first = await rate(a, { eventId: id, score: 1, feedback: 'Host gelmedi' });
    const again = await rate(a, { eventId: id, score: 4, feedback: null });
    expect(again.errors).toBeUndefined();
    expect(again.data.rateEvent.rating).toMatchObject({
      id: first.data.rateEvent.rating.id,
      score: 4,
      feedback: null,
    });
    expect(again.data.rateEvent.event).toMatchObject({ averageRating: 4, feedbackCount: 1 });
    const rows = await app.database.db.select().from(ratings).where(eq(ratings.eventId, id));
    expect(rows).toHaveLength(1);
    const mine = await app.gql(DETAILS, { id }, { token: a.token });
    expect(mine.data.event.viewerRating).toMatchObject({ score: 4, feedback: null });
  });

  it("feeds the lobby's average host rating with ratings of online events only", async () => {
    const online = await completedEvent(2, true);
    const physical = await completedEvent(1, false);
    await rate(online.guests[0], { eventId: online.id, score: 1 });
    await rate(online.guests[1], { eventId: online.id, score: 2 });
    await rate(physical.guests[0], { eventId: physical.id, score: 5 });

    // Other test files rate events in the same database at the same time: compare against the sum
    // and count of everyone else's online host ratings, read on both sides of the lobby query.
    const othersQuery = sql`select coalesce(sum(r.score), 0)::int as s, count(*)::int as n
      from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id
      where e.mode = 'online' and r.event_id <> ${online.id}`;
    for (let attempt = 0; ; attempt++) {
      const [x] = (await app.database.db.execute<{ s: number; n: number }>(othersQuery)).rows;
      const lobby = await app.gql('{ lobbyStats { averageHostRating } }', undefined, {
        token: online.host.token,
      });
      const [y] = (await app.database.db.execute<{ s: number; n: number }>(othersQuery)).rows;
      if ((x.s !== y.s || x.n !== y.n) && attempt < 5) continue;
      expect(lobby.data.lobbyStats.averageHostRating).toBe(round2((x.s + 1 + 2) / (x.n + 2)));
      break;
    }
  });

  it('tells the client when the form applies (viewerCanRate)', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const pending = await app.newUser();
    const id = await createAs(host);
    await join(id, host, guest);
    await app.gql(
      'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }',
      { input: { eventId: id, message: 'Ben de!' } },
      { token: pending.token },
    );
    const canRate = async (user: TestUser) =>
      (await app.gql(DETAILS, { id }, { token: user.token })).data.event.viewerCanRate;
    expect(await canRate(guest)).toBe(false); // upcoming
    await endedAgo(id, 60_000);
    expect(await canRate(guest)).toBe(true);
    expect(await canRate(host)).toBe(false);
    expect(await canRate(pending)).toBe(false);
    await endedAgo(id, 15 * DAY);
    expect(await canRate(guest)).toBe(false);
  });
});

describe('rateEvent refusals', () => {
  it('refuses the host and everyone who did not take part', async () => {
    const { host, guests, id } = await completedEvent(1);
    const stranger = await app.newUser();
    const pending = await app.newUser();
    // A request made before the event ended, still pending.
    await endedAgo(id, -3 * DAY);
    await app.gql(
      'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }',
      { input: { eventId: id, message: 'Yer var mı?' } },
      { token: pending.token },
    );
    await endedAgo(id, 3600_000);

    const own = expectOneError(await rate(host, { eventId: id, score: 5 }), 'FORBIDDEN');
    expect(own.message).toBe('Kendi etkinliğini puanlayamazsın.');
    const notIn = expectOneError(await rate(stranger, { eventId: id, score: 1 }), 'FORBIDDEN');
    expect(notIn.message).toBe('Yalnızca etkinliğe kabul edilen katılımcılar puan verebilir.');
    expectOneError(await rate(pending, { eventId: id, score: 1 }), 'FORBIDDEN');

    // A participant who left is no longer a participant.
    await app.database.db.execute(
      sql`delete from event_participants where event_id = ${id} and user_id = ${guests[0].id}`,
    );
    expectOneError(await rate(guests[0], { eventId: id, score: 3 }), 'FORBIDDEN');

    const rows = await app.database.db.select().from(ratings).where(eq(ratings.eventId, id));
    expect(rows).toHaveLength(0);
  });

  it('refuses events that are not over, cancelled or past the 14-day window', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const upcoming = await createAs(host);
    await join(upcoming, host, guest);
    expectOneError(await rate(guest, { eventId: upcoming, score: 4 }), 'CONFLICT');

    // Running now.
    await app.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 600_000), endsAt: new Date(Date.now() + 3_000_000) })
      .where(eq(events.id, upcoming));
    expectOneError(await rate(guest, { eventId: upcoming, score: 4 }), 'CONFLICT');

    const cancelled = await createAs(host, true);
    await join(cancelled, host, guest);
    const cancel = await app.gql(
      'mutation($id: ID!) { cancelEvent(input: {id: $id}) { event { status } } }',
      { id: cancelled },
      { token: host.token },
    );
    expect(cancel.errors).toBeUndefined();
    await endedAgo(cancelled, 3600_000);
    const c = expectOneError(await rate(guest, { eventId: cancelled, score: 4 }), 'CONFLICT');
    expect(c.message).toBe('İptal edilen bir etkinlik puanlanamaz.');

    const old = await createAs(host);
    await join(old, host, guest);
    await endedAgo(old, 14 * DAY - 60_000);
    expect((await rate(guest, { eventId: old, score: 3 })).errors).toBeUndefined();
    await endedAgo(old, 14 * DAY + 60_000);
    const late = expectOneError(await rate(guest, { eventId: old, score: 5 }), 'CONFLICT');
    expect(late.message).toMatch(/14 gün/);
    const [kept] = await app.database.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.eventId, old), eq(ratings.raterId, guest.id)));
    expect(kept.score).toBe(3);
  });

  it('answers bad input field by field with BAD_USER_INPUT, never a server error', async () => {
    const { guests, id } = await completedEvent(1);
    const [a] = guests;
    for (const score of [0, 6, -1]) {
      const err = expectOneError(await rate(a, { eventId: id, score }), 'BAD_USER_INPUT');
      expect(err.extensions?.field).toBe('input.score');
      expect(err.message).toBe('Puan 1 ile 5 arasında bir tam sayı olmalı.');
    }
    // GraphQL's Int refuses fractions and huge numbers before the service sees them.
    expectOneError(await rate(a, { eventId: id, score: 4.5 }), 'BAD_USER_INPUT');
    expectOneError(await rate(a, { eventId: id, score: 2 ** 40 }), 'BAD_USER_INPUT');
    expectOneError(await rate(a, { eventId: id, score: '5' }), 'BAD_USER_INPUT');

    const long = expectOneError(
      await rate(a, { eventId: id, score: 4, feedback: 'ç'.repeat(1001) }),
      'BAD_USER_INPUT',
    );
    expect(long.extensions?.field).toBe('input.feedback');
    expect(long.message).toBe('Geri bildirim en fazla 1000 karakter olabilir.');
    const en = await app.gql(
      RATE,
      { input: { eventId: id, score: 9 } },
      { token: a.token, headers: { 'accept-language': 'en' } },
    );
    expect(expectOneError(en, 'BAD_USER_INPUT').message).toBe(
      'The score must be a whole number from 1 to 5.',
    );
    // Exactly 1000 characters after trimming is fine.
    const edge = await rate(a, { eventId: id, score: 4, feedback: `  ${'a'.repeat(1000)}  ` });
    expect(edge.errors).toBeUndefined();
    expect(edge.data.rateEvent.rating.feedback).toHaveLength(1000);
  });

  it('answers NOT_FOUND for unknown, malformed and hidden events', async () => {
    const { host, guests, id } = await completedEvent(1);
    const [a] = guests;
    expectOneError(await rate(a, { eventId: '00000000-0000-4000-8000-000000000000', score: 3 }), 'NOT_FOUND');
    expectOneError(await rate(a, { eventId: 'not-an-id', score: 3 }), 'NOT_FOUND');
    // A block between rater and host hides the event.
    await app.database.db.insert(blocks).values({ blockerId: host.id, blockedId: a.id });
    expectOneError(await rate(a, { eventId: id, score: 3 }), 'NOT_FOUND');
    expect((await app.gql(DETAILS, { id }, { token: a.token })).data.event.viewerCanRate).toBe(false);
  });

  it('refuses anonymous callers', async () => {
    const { id } = await completedEvent(0);
    expectOneError(await rate(null, { eventId: id, score: 5 }), 'UNAUTHENTICATED');
  });
});
