import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { joinEvent, requestToJoin } from '#tests/helpers/flows.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// The map's page is the hottest read (ADR 008, issue 31): how many SQL statements one near request
// costs over GraphQL and over REST, counted where every statement reaches a database connection. Two
// places with pages of 2 and 6 events, each event its own host, a guest in all but one, the last one
// the viewer asked to join: a statement per card (a host, its numbers, its guests fetched row by row)
// makes the larger page cost more statements than the smaller.
let app: TestApp;
let viewer: TestUser;
// Far from the other test files' events (the database is shared): Hakkari and Şırnak.
const small = { lat: 37.5744, lng: 43.7408, events: 2 };
const large = { lat: 37.5164, lng: 42.4611, events: 6 };

async function seedPlace(place: typeof small) {
  const hosts: TestUser[] = [];
  const ids: string[] = [];
  for (let i = 0; i < place.events; i++) {
    const host = await app.newUser();
    const input = buildPhysicalEventInput({
      title: `Sıcak yol ${i + 1}`,
      location: { name: `Nokta ${i}`, lat: place.lat + i * 0.003, lng: place.lng + i * 0.003 },
      publicLocation: 'Merkez',
    });
    const res = await app.gql(CREATE_EVENT, { input }, { token: host.token });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    hosts.push(host);
    ids.push(res.data.createEvent.event.id as string);
  }
  // A guest in every event but the last, which the viewer asked to join.
  for (let i = 0; i < place.events - 1; i++) await joinEvent(app, ids[i], hosts[i], await app.newUser());
  await requestToJoin(app, ids[place.events - 1], viewer);
}

beforeAll(async () => {
  app = await startTestApp();
  viewer = await app.newUser();
  await seedPlace(small);
  await seedPlace(large);
});
afterAll(() => app?.close());

type Query = (config: string | pg.QueryConfig, ...rest: unknown[]) => unknown;

// Statements sent while `run` runs, by any connection of the app's pool (pool.query and checked-out
// clients alike: both end in the connection's query()).
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const { prototype } = (app.database.pool as unknown as { Client: { prototype: { query: Query } } }).Client;
  const original = prototype.query;
  const sent: string[] = [];
  prototype.query = function (this: unknown, config, ...rest) {
    sent.push(typeof config === 'string' ? config : config.text);
    return original.call(this, config, ...rest);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return sent;
}

const NEAR = `query Near($near: GeoPointInput!) {
  events(filter: {mode: PHYSICAL, near: $near, radiusKm: 5}, first: 20) {
    edges { node { id title distanceKm participantCount host { displayName stats { averageRating } } } } } }`;

async function graphqlNear(place: typeof small) {
  const near = { lat: place.lat, lng: place.lng };
  return statementsOf(async () => {
    const res = await app.gql(NEAR, { near }, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.events.edges).toHaveLength(place.events);
    const counts = res.data.events.edges.map((e: any) => e.node.participantCount);
    expect(counts.filter((n: number) => n === 1)).toHaveLength(place.events - 1);
  });
}

async function restNear(place: typeof small) {
  const path = `/private/events/physical?lat=${place.lat}&lng=${place.lng}&radiusKm=5&limit=20`;
  return statementsOf(async () => {
    const res = await app.rest('GET', path, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(place.events);
    const guests = res.body.map((e: any) => e.participants.list.length);
    expect(guests.filter((n: number) => n === 1)).toHaveLength(place.events - 1);
    expect(res.body.filter((e: any) => e.myRequest)).toHaveLength(1);
    expect(res.body[0].host).toMatchObject({ eventsHosted: 1, rating: null });
  });
}

describe('statements per near request', () => {
  // Warm: the viewer is known and seen this minute, the token verified, statements prepared.
  beforeAll(async () => {
    await graphqlNear(small);
    await restNear(small);
  });

  it('GraphQL events(near) with hosts and their numbers: the page, then the hosts, for 2 or 6 cards', async () => {
    const [few, many] = [await graphqlNear(small), await graphqlNear(large)];
    expect(few).toHaveLength(2);
    expect(many.sort()).toEqual(few.sort());
  });

  it('REST /private/events/physical: the page, where the viewer stands, the hosts, the guests and their users', async () => {
    const [few, many] = [await restNear(small), await restNear(large)];
    // Three waves: the page; the viewer's standing, the hosts (users with their numbers) and the
    // guests of events whose count is not 0; the guests' users. Ratings are asked only for completed
    // events (none on a near page). Was 7 for a page without guests before ADR 008's third round.
    expect(few).toHaveLength(5);
    expect(many.sort()).toEqual(few.sort());
  });

  it('the floor, a signed-in { __typename }, sends none', async () => {
    const sent = await statementsOf(async () => {
      const res = await app.gql('{ __typename }', undefined, { token: viewer.token });
      expect(res.data).toEqual({ __typename: 'Query' });
    });
    expect(sent).toEqual([]);
  });
});
