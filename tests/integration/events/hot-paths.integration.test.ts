import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// The map's page is the hottest read (ADR 008): how many statements one page costs, counted at the
// pool every query goes through.
let app: TestApp;
let viewer: TestUser;
// Hakkari: far from the other test files' events (the database is shared).
const near = { lat: 37.5744, lng: 43.7408 };

beforeAll(async () => {
  app = await startTestApp();
  viewer = await app.newUser();
  // Three hosts, one event each, a few hundred metres apart.
  for (let i = 0; i < 3; i++) {
    const host = await app.newUser();
    const input = buildPhysicalEventInput({
      title: `Sıcak yol ${i + 1}`,
      location: { name: `Nokta ${i}`, lat: near.lat + i * 0.003, lng: near.lng + i * 0.003 },
      publicLocation: 'Merkez, Hakkari',
    });
    const res = await app.gql(CREATE_EVENT, { input }, { token: host.token });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
  }
});
afterAll(() => app?.close());

// Statements sent while `run` runs (the viewer is already known and seen this minute).
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const pool = app.database.pool;
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const sent: string[] = [];
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
    const config = args[0] as string | pg.QueryConfig;
    sent.push(typeof config === 'string' ? config : config.text);
    return original(...args);
  };
  try {
    await run();
  } finally {
    (pool as unknown as { query: typeof original }).query = original;
  }
  return sent;
}

describe('statements per page of the map', () => {
  it('GraphQL events(near) with the host: the page and the hosts (with their numbers)', async () => {
    const query = `query Near($near: GeoPointInput!) {
      events(filter: {mode: PHYSICAL, near: $near, radiusKm: 10}, first: 20) {
        edges { node { id title distanceKm host { displayName stats { averageRating } } } } } }`;
    await app.gql(query, { near }, { token: viewer.token });
    const sent = await statementsOf(async () => {
      const res = await app.gql(query, { near }, { token: viewer.token });
      expect(res.errors).toBeUndefined();
      expect(res.data.events.edges).toHaveLength(3);
    });
    expect(sent).toHaveLength(2);
  });

  it('REST /private/events/physical: the page, where the viewer stands, the hosts', async () => {
    const path = `/private/events/physical?lat=${near.lat}&lng=${near.lng}&radiusKm=10&limit=20`;
    await app.rest('GET', path, { token: viewer.token });
    const sent = await statementsOf(async () => {
      const res = await app.rest('GET', path, { token: viewer.token });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
      expect(res.body[0]).toMatchObject({
        participants: { list: [], current: 0 },
        rating: null,
        myRequest: null,
      });
      expect(res.body[0].host).toMatchObject({ eventsHosted: 1, rating: null });
    });
    // Was 7: participants and ratings are asked only for events that can have them, the viewer's
    // relation and request are one look-up, users come with their numbers.
    expect(sent).toHaveLength(3);
  });
});
