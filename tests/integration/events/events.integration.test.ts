import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
let host: TestUser;
let stranger: TestUser;

// Points around a remote spot (Lake Tuz) so other tests' events do not interfere with distances.
const CENTER = { lat: 38.75, lng: 33.38 };
const PLACES = [
  { name: 'A', lat: 38.751, lng: 33.381 },
  { name: 'B', lat: 38.77, lng: 33.4 },
  { name: 'C', lat: 38.8, lng: 33.45 },
  { name: 'D', lat: 38.9, lng: 33.6 },
];

function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const R = 6371.0088;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  app = await startTestApp();
  host = await app.newUser();
  stranger = await app.newUser();
  for (const p of PLACES) {
    const res = await app.gql(
      CREATE_EVENT,
      {
        input: buildPhysicalEventInput({
          title: `Tuz Gölü buluşması ${p.name}`,
          location: { name: `Nokta ${p.name}`, address: `Sokak ${p.name}`, lat: p.lat, lng: p.lng },
          publicLocation: 'Şereflikoçhisar, Ankara',
        }),
      },
      { token: host.token },
    );
    expect(res.errors).toBeUndefined();
  }
});
afterAll(() => app?.close());

const NEAR = `query Near($filter: EventFilter, $first: Int, $after: String) {
  events(filter: $filter, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id title distanceKm viewerRole location { lat lng exact name address } publicLocation host { id displayName } } }
  }
}`;

describe('events(near…)', () => {
  it('sorts by distance and reports it like a haversine computation', async () => {
    const res = await app.gql(
      NEAR,
      { filter: { mode: 'PHYSICAL', near: CENTER, radiusKm: 50 } },
      { token: stranger.token },
    );
    expect(res.errors).toBeUndefined();
    const nodes = res.data.events.edges
      .map((e: any) => e.node)
      .filter((n: any) => n.title.startsWith('Tuz Gölü'));
    expect(nodes.map((n: any) => n.title.slice(-1))).toEqual(['A', 'B', 'C', 'D']);
    for (const n of nodes) {
      const expected = haversineKm(CENTER, { lat: n.location.lat, lng: n.location.lng });
      // Distances use the public (rounded) point, offset by at most ~15 m to break ties, and are
      // reported to 10 m: within 25 m of haversine on that point.
      expect(Math.abs(n.distanceKm - expected)).toBeLessThan(0.025 + 0.005 * expected);
    }
  });

  it('applies the radius', async () => {
    const within = (km: number) =>
      app.gql(NEAR, { filter: { near: CENTER, radiusKm: km } }, { token: stranger.token });
    const titles = async (km: number) =>
      (await within(km)).data.events.edges
        .map((e: any) => e.node.title)
        .filter((t: string) => t.startsWith('Tuz Gölü'));
    expect(await titles(1)).toEqual(['Tuz Gölü buluşması A']);
    expect(await titles(5)).toEqual(['Tuz Gölü buluşması A', 'Tuz Gölü buluşması B']);
    expect(await titles(10)).toEqual([
      'Tuz Gölü buluşması A',
      'Tuz Gölü buluşması B',
      'Tuz Gölü buluşması C',
    ]);
  });

  it('pages with cursors without repeating or skipping', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: { data: any } = await app.gql(
        NEAR,
        { filter: { near: CENTER, radiusKm: 50 }, first: 1, after },
        { token: stranger.token },
      );
      const edges = res.data.events.edges;
      seen.push(...edges.map((e: any) => e.node.title));
      if (!res.data.events.pageInfo.hasNextPage) break;
      after = res.data.events.pageInfo.endCursor;
    }
    expect(seen.filter((t) => t.startsWith('Tuz Gölü'))).toEqual([
      'Tuz Gölü buluşması A',
      'Tuz Gölü buluşması B',
      'Tuz Gölü buluşması C',
      'Tuz Gölü buluşması D',
    ]);
  });

  it('shows the exact place to the host and only a ~1 km point to others', async () => {
    const asHost = await app.gql(NEAR, { filter: { near: CENTER, radiusKm: 1 } }, { token: host.token });
    const mine = asHost.data.events.edges[0].node;
    expect(mine.viewerRole).toBe('HOST');
    expect(mine.location).toEqual({
      lat: 38.751,
      lng: 33.381,
      exact: true,
      name: 'Nokta A',
      address: 'Sokak A',
    });

    const asStranger = await app.gql(
      NEAR,
      { filter: { near: CENTER, radiusKm: 1 } },
      { token: stranger.token },
    );
    const theirs = asStranger.data.events.edges[0].node;
    expect(theirs.viewerRole).toBe('NONE');
    expect(theirs.location.exact).toBe(false);
    expect(theirs.location.name).toBeNull();
    expect(theirs.location.address).toBeNull();
    // The 0.01° cell of the exact point, moved inside the cell by a per-event offset (ADR 040): not on
    // the grid, not the exact point.
    expect(Math.abs(theirs.location.lat - 38.75)).toBeLessThanOrEqual(0.004);
    expect(Math.abs(theirs.location.lng - 33.38)).toBeLessThanOrEqual(0.004);
    expect([theirs.location.lat, theirs.location.lng]).not.toEqual([38.75, 33.38]);
    expect([theirs.location.lat, theirs.location.lng]).not.toEqual([38.751, 33.381]);
    expect(theirs.publicLocation).toBe('Şereflikoçhisar, Ankara');

    const rest = await app.rest('GET', `/private/event/${theirs.id}`, { token: stranger.token });
    expect(rest.body.location).toMatchObject({
      lat: theirs.location.lat,
      lng: theirs.location.lng,
      exact: false,
    });
    expect(JSON.stringify(rest.body)).not.toContain('Sokak A');
  });
});

describe('createEvent validation', () => {
  it.each([
    ['title too short', { title: 'ab' }, 'input.title'],
    ['unknown category', { category: 'Uzay' }, 'input.category'],
    ['no tags', { tags: [] }, 'input.tags'],
    ['tag from another mode', { tags: ['valorant'] }, 'input.tags'],
    ['date in the past', { date: '2020-01-01' }, 'input.date'],
    ['duration not offered', { durationMinutes: 45 }, 'input.durationMinutes'],
    ['too many participants', { maxParticipants: 21 }, 'input.maxParticipants'],
    ['too few participants', { maxParticipants: 1 }, 'input.maxParticipants'],
    ['outside Turkey', { location: { name: 'Berlin', lat: 52.52, lng: 13.4 } }, 'input.location'],
    ['no public location', { publicLocation: '  ' }, 'input.publicLocation'],
  ])('refuses %s with BAD_USER_INPUT on the field', async (_name, overrides, field) => {
    const user = await app.newUser();
    const res = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput(overrides) },
      { token: user.token },
    );
    const err = expectOneError(res, 'BAD_USER_INPUT');
    expect(err.extensions?.field).toBe(field);
    expect(err.message.length).toBeGreaterThan(3);
  });

  it('requires a known platform for online events', async () => {
    const user = await app.newUser();
    const missing = await app.gql(
      CREATE_EVENT,
      { input: buildOnlineEventInput({ platform: null }) },
      { token: user.token },
    );
    expect(expectOneError(missing, 'BAD_USER_INPUT').message).toBe(
      'Online etkinlikler için platform seçmelisin.',
    );
    const unknown = await app.gql(
      CREATE_EVENT,
      { input: buildOnlineEventInput({ platform: 'Atari' }) },
      { token: user.token },
    );
    expect(expectOneError(unknown, 'BAD_USER_INPUT').extensions?.field).toBe('input.platform');
  });

  it('stores an online event without a place', async () => {
    const user = await app.newUser();
    const res = await app.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: user.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.createEvent.event).toMatchObject({
      mode: 'ONLINE',
      location: null,
      publicLocation: null,
      status: 'UPCOMING',
    });
  });
});

describe('REST shim shapes', () => {
  it('GET /private/profile has the spec fields with eventLimit as the balance', async () => {
    const user = await app.newUser();
    const { status, body } = await app.rest('GET', '/private/profile', { token: user.token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: user.id,
      eventLimit: 5,
      interests: [],
      badges: [],
      recentActivity: [],
      stats: { eventsHosted: 0 },
    });
  });

  it('GET /private/events/physical lists events with _id, participants and distance', async () => {
    const { status, body } = await app.rest(
      'GET',
      `/private/events/physical?lat=${CENTER.lat}&lng=${CENTER.lng}&radiusKm=50`,
      {
        token: stranger.token,
      },
    );
    expect(status).toBe(200);
    const first = body.find((e: any) => e.title === 'Tuz Gölü buluşması A');
    expect(first).toMatchObject({
      _id: first.id,
      type: 'physical',
      // A stranger is neither host nor participant (the spec's eventType is relative to the caller).
      eventType: null,
      public_location: 'Şereflikoçhisar, Ankara',
      participants: { list: [], current: 0, max: 10 },
      price: 0,
    });
    expect(first.distance).toBeLessThan(1);
    expect(typeof first.timeLeft).toBe('string');
    expect(first.host).toMatchObject({ name: expect.any(String), eventsHosted: 4 });
  });
});

describe('link previews and REST filters', () => {
  it('builds Open Graph tags from public fields only', async () => {
    const { linkPreviews } = await import('#server/app/link-previews.ts');
    const res = await app.gql(NEAR, { filter: { near: CENTER, radiusKm: 1 } }, { token: host.token });
    const id = res.data.events.edges[0].node.id;
    const page = await linkPreviews(app.services, 'http://squad.test')(
      { path: `/dashboard/eventDetails/${id}` } as never,
      '<html><head><title>Squad</title><meta name="description" content="Squad: app"></head><body></body></html>',
    );
    expect(page?.status).toBe(200);
    const html = page?.html;
    // One title and one description: the event's, not the app's beside them.
    expect(html?.match(/<title>/g)).toHaveLength(1);
    expect(html?.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Squad: app');
    expect(html).toContain('<meta property="og:title" content="Tuz Gölü buluşması A">');
    expect(html).toContain(`<meta property="og:url" content="http://squad.test/e/${id}">`);
    expect(html).toContain('Şereflikoçhisar, Ankara');
    expect(html).not.toContain('Sokak A');
    expect(html).not.toContain('Nokta A');
    expect(
      await linkPreviews(app.services, 'http://squad.test')(
        { path: '/dashboard/physical' } as never,
        '<html></html>',
      ),
    ).toBeNull();
    // A public page of no event (unknown id, or not an id at all) answers 404 with the app's page.
    for (const path of [`/e/${crypto.randomUUID()}`, '/e/yok-boyle-bir-sey']) {
      expect(
        await linkPreviews(app.services, 'http://squad.test')({ path } as never, '<html></html>'),
      ).toEqual({ html: '<html></html>', status: 404 });
    }
  });

  it('filters the REST lists with query parameters', async () => {
    const { body } = await app.rest(
      'GET',
      `/private/events/physical?lat=${CENTER.lat}&lng=${CENTER.lng}&radiusKm=1&search=tuz%20GOLU`,
      {
        token: stranger.token,
      },
    );
    expect(body.map((e: any) => e.title)).toEqual(['Tuz Gölü buluşması A']);
    const online = await app.rest('GET', '/private/events/online?quick=mic_required&search=zzzz-yok', {
      token: stranger.token,
    });
    expect(online.status).toBe(200);
    expect(online.body).toEqual([]);
  });
});
