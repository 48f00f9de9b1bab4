import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, ratings } from '#db/schema/index.ts';
import { ACCEPT, joinRequestSteps } from '#tests/integration/join-requests/join-requests.fixtures.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// The host rank on lobby cards comes from real numbers: events hosted, participants gathered and
// ratings received (ADR 038).
let app: TestApp;
const steps = joinRequestSteps(() => app);
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const LOBBY = `query Lobby {
  events(filter: {mode: ONLINE}, first: 100) {
    edges { node { id host { id displayName stats { eventsHosted totalParticipants averageRating hostRatingCount hostRank } } } }
  }
}`;

async function rankOf(viewer: TestUser, host: TestUser) {
  const res = await app.gql(LOBBY, {}, { token: viewer.token });
  expect(res.errors).toBeUndefined();
  const node = res.data.events.edges.find(
    (e: { node: { host: { id: string } } }) => e.node.host.id === host.id,
  );
  return node.node.host.stats;
}

async function acceptNewParticipant(host: TestUser, eventId: string) {
  const user = await app.newUser();
  const asked = await steps.ask(user, eventId, 'Ben de geliyorum');
  const accepted = await app.gql(
    ACCEPT,
    { id: asked.data.requestToJoin.joinRequest.id },
    { token: host.token },
  );
  expect(accepted.errors).toBeUndefined();
  return user;
}

describe('host rank', () => {
  it('rises with events and participants and falls back with poor ratings', async () => {
    const host = await app.newUser();
    const viewer = await app.newUser();
    const first = await steps.eventOf(host, { maxParticipants: 10 }, true);
    expect(await rankOf(viewer, host)).toMatchObject({
      eventsHosted: 1,
      totalParticipants: 0,
      hostRank: 'NEW',
    });

    const joined = [await acceptNewParticipant(host, first)];
    expect(await rankOf(viewer, host)).toMatchObject({ totalParticipants: 1, hostRank: 'BRONZE' });

    // Silver: 3 events and 8 participants.
    const second = await steps.eventOf(host, { maxParticipants: 10 }, true);
    await steps.eventOf(host, { maxParticipants: 10 }, true);
    for (let i = 0; i < 4; i++) joined.push(await acceptNewParticipant(host, first));
    for (let i = 0; i < 3; i++) joined.push(await acceptNewParticipant(host, second));
    expect(await rankOf(viewer, host)).toMatchObject({
      eventsHosted: 3,
      totalParticipants: 8,
      hostRank: 'SILVER',
    });

    // The first event is over and three participants rated it 2 of 5: the average now counts.
    await app.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 26 * 3600_000), endsAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(events.id, first));
    await app.database.db
      .insert(ratings)
      .values(joined.slice(0, 3).map((u) => ({ eventId: first, raterId: u.id, rateeId: host.id, score: 2 })));
    // The first event has ended: it leaves the lobby, the two upcoming ones still show the host.
    expect(await rankOf(viewer, host)).toMatchObject({
      averageRating: 2,
      hostRatingCount: 3,
      hostRank: 'BRONZE',
    });
  });

  it('appears in the REST lobby too, in the legacy spelling', async () => {
    const host = await app.newUser();
    const viewer = await app.newUser();
    await steps.eventOf(host, { title: 'Rütbe kontrolü lobisi' }, true);
    const res = await app.rest('GET', '/private/events/online', { token: viewer.token });
    const card = res.body.find((e: { host: { id: string } }) => e.host.id === host.id);
    expect(card.host).toMatchObject({ rank: 'new', eventsHosted: 1 });
  });
});
