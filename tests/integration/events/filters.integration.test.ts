import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Every event of this file carries a marker word, so filters can be checked in a shared database.
const MARK = `mk${crypto.randomUUID().slice(0, 6)}`;
let app: TestApp;
let viewer: TestUser;

const inHours = (h: number) => toTurkeyDateTime(new Date(Date.now() + h * 3600_000));

async function create(input: Record<string, unknown>) {
  // Each event needs a token: hosts rotate so nobody runs out.
  const owner = await app.newUser();
  const res = await app.gql(CREATE_EVENT, { input }, { token: owner.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent.event.id as string;
}

const LIST = `query Filtered($filter: EventFilter) {
  events(filter: $filter, first: 100) { totalCount edges { node { id title timeLeft gameType language } } }
}`;

async function titles(filter: Record<string, unknown>, search = MARK): Promise<string[]> {
  const res = await app.gql(
    LIST,
    { filter: { ...filter, search: `${search} ${(filter.search as string | undefined) ?? ''}`.trim() } },
    { token: viewer.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  expect(res.data.events.totalCount).toBe(res.data.events.edges.length);
  return res.data.events.edges.map((e: any) => e.node.title.replace(`${search} `, '')).sort();
}

beforeAll(async () => {
  app = await startTestApp();
  viewer = await app.newUser();
  const soon = inHours(1.5);
  const later = inHours(50);
  const inFortyMin = inHours(0.66);
  await create(
    buildPhysicalEventInput({
      title: `${MARK} Kadıköy halı saha`,
      publicLocation: 'Kadıköy, İstanbul',
      date: later.date,
      time: later.time,
    }),
  );
  await create(
    buildPhysicalEventInput({
      title: `${MARK} Boğazda ÇAY sohbeti`,
      category: 'social',
      tags: ['kahve-sohbeti'],
      publicLocation: 'Beşiktaş, İstanbul',
      location: { name: 'Bebek', lat: 41.0772, lng: 29.0436 },
      date: soon.date,
      time: soon.time,
      price: 0,
      skillLevel: 'BEGINNER',
    }),
  );
  await create(
    buildPhysicalEventInput({
      title: `${MARK} Satranç turnuvası`,
      category: 'board-games',
      tags: ['satranc'],
      publicLocation: 'Çankaya, Ankara',
      location: { name: 'Kızılay', lat: 39.92, lng: 32.85 },
      date: later.date,
      time: later.time,
      price: 50,
      skillLevel: 'ADVANCED',
    }),
  );
  await create(
    buildPhysicalEventInput({
      title: `${MARK} Sınav kampı`,
      category: 'study',
      tags: ['ders-calisma'],
      publicLocation: 'Bornova, İzmir',
      location: { name: 'Ege Üniversitesi', lat: 38.455, lng: 27.22 },
      date: inFortyMin.date,
      time: inFortyMin.time,
      skillLevel: 'INTERMEDIATE',
    }),
  );
  await create(
    buildOnlineEventInput({
      title: `${MARK} Valorant ranked`,
      tags: ['valorant', 'ranked'],
      platform: 'valorant',
      voiceChat: 'REQUIRED',
      skillLevel: 'PRO',
    }),
  );
  await create(
    buildOnlineEventInput({
      title: `${MARK} Among Us casual`,
      category: 'popular-games',
      tags: ['among-us', 'casual'],
      platform: 'among-us',
      voiceChat: 'OPTIONAL',
      skillLevel: 'BEGINNER',
      language: 'en',
      date: inFortyMin.date,
      time: inFortyMin.time,
    }),
  );
  await create(
    buildOnlineEventInput({
      title: `${MARK} Birlikte kodlama`,
      category: 'other-activities',
      tags: ['birlikte-kodlama'],
      platform: 'discord',
      voiceChat: 'NOT_REQUIRED',
      skillLevel: null,
    }),
  );
});
afterAll(() => app?.close());

describe('events(filter)', () => {
  it('searches Turkish-aware: kadikoy, KADIKÖY, çay, ISTANBUL', async () => {
    expect(await titles({ search: 'kadikoy' })).toEqual(['Kadıköy halı saha']);
    expect(await titles({ search: 'KADIKÖY' })).toEqual(['Kadıköy halı saha']);
    expect(await titles({ search: 'çay' })).toEqual(['Boğazda ÇAY sohbeti']);
    expect(await titles({ search: 'cay' })).toEqual(['Boğazda ÇAY sohbeti']);
    expect(await titles({ search: 'ISTANBUL' })).toEqual(['Boğazda ÇAY sohbeti', 'Kadıköy halı saha']);
    expect(await titles({ search: 'satranc ankara' })).toEqual(['Satranç turnuvası']);
    expect(await titles({ search: '100%_kesin' })).toEqual([]);
  });

  it('finds events by their host: display name and username, Turkish-aware (the lobby search)', async () => {
    const host = await app.newUser();
    // Its own marker, so the other tests' sets stay as they are.
    const mark = `hs${crypto.randomUUID().slice(0, 6)}`;
    const handle = `zeynep_${mark}`;
    const named = await app.gql(
      `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { username } } }`,
      { input: { displayName: 'Çağrı Yıldırım', username: handle } },
      { token: host.token },
    );
    expect(named.errors).toBeUndefined();
    const res = await app.gql(
      CREATE_EVENT,
      {
        input: buildOnlineEventInput({
          title: `${mark} Gece lobisi`,
          platform: 'discord',
          tags: ['valorant'],
        }),
      },
      { token: host.token },
    );
    expect(res.errors).toBeUndefined();
    expect(await titles({ search: 'cagri' }, mark)).toEqual(['Gece lobisi']);
    expect(await titles({ search: 'YILDIRIM', mode: 'ONLINE' }, mark)).toEqual(['Gece lobisi']);
    expect(await titles({ search: handle.toUpperCase() }, mark)).toEqual(['Gece lobisi']);
    // Every word must match somewhere: the host's name and the event's own text together.
    expect(await titles({ search: 'çağrı gece' }, mark)).toEqual(['Gece lobisi']);
    expect(await titles({ search: 'çağrı satranç' }, mark)).toEqual([]);
  });

  it('filters by mode, category, tags and skill levels', async () => {
    expect(await titles({ mode: 'ONLINE' })).toEqual([
      'Among Us casual',
      'Birlikte kodlama',
      'Valorant ranked',
    ]);
    expect(await titles({ category: 'board-games' })).toEqual(['Satranç turnuvası']);
    expect(await titles({ tags: ['satranc', 'ders-calisma'] })).toEqual(['Satranç turnuvası', 'Sınav kampı']);
    expect(await titles({ skillLevels: ['BEGINNER', 'INTERMEDIATE'] })).toEqual([
      'Among Us casual',
      'Boğazda ÇAY sohbeti',
      'Sınav kampı',
    ]);
  });

  it('filters by time window', async () => {
    expect(await titles({ timeWindow: 'WITHIN_HOUR' })).toEqual(['Among Us casual', 'Sınav kampı']);
    const thisWeek = await titles({ timeWindow: 'THIS_WEEK' });
    expect(thisWeek).toEqual(expect.arrayContaining(['Among Us casual', 'Sınav kampı']));
  });

  it('applies each quick chip as documented', async () => {
    expect(await titles({ quick: ['SOON'] })).toEqual([
      'Among Us casual',
      'Boğazda ÇAY sohbeti',
      'Sınav kampı',
    ]);
    expect(await titles({ quick: ['FREE'], mode: 'PHYSICAL' })).toEqual([
      'Boğazda ÇAY sohbeti',
      'Kadıköy halı saha',
      'Sınav kampı',
    ]);
    expect(await titles({ quick: ['BEGINNERS'] })).toEqual([
      'Among Us casual',
      'Birlikte kodlama',
      'Boğazda ÇAY sohbeti',
      'Kadıköy halı saha',
    ]);
    expect(await titles({ quick: ['COMPETITIVE'] })).toEqual(['Satranç turnuvası', 'Valorant ranked']);
    expect(await titles({ quick: ['CHILL'] })).toEqual([
      'Among Us casual',
      'Birlikte kodlama',
      'Boğazda ÇAY sohbeti',
    ]);
    expect(await titles({ quick: ['STUDY_BUDDY'] })).toEqual(['Birlikte kodlama', 'Sınav kampı']);
    expect(await titles({ quick: ['NOW_PLAYING'] })).toEqual([]);
    expect(await titles({ quick: ['ENGLISH'] })).toEqual(['Among Us casual']);
    expect(await titles({ quick: ['TURKISH'], mode: 'ONLINE' })).toEqual([
      'Birlikte kodlama',
      'Valorant ranked',
    ]);
    expect(await titles({ quick: ['MIC_REQUIRED'] })).toEqual(['Valorant ranked']);
    expect(await titles({ quick: ['FREE', 'BEGINNERS'], mode: 'PHYSICAL' })).toEqual([
      'Boğazda ÇAY sohbeti',
      'Kadıköy halı saha',
    ]);
  });

  it("'Ucuz' (CHEAP) keeps free events and those of at most 100 ₺, not dearer ones", async () => {
    // Its own marker, so the other tests' sets stay as they are.
    const mark = `ch${crypto.randomUUID().slice(0, 6)}`;
    for (const [title, price] of [
      ['Bedava yürüyüş', 0],
      ['Yüzlük kahve', 100],
      ['Pahalı atölye', 101],
    ] as const) {
      await create(buildPhysicalEventInput({ title: `${mark} ${title}`, price }));
    }
    expect(await titles({ quick: ['CHEAP'] }, mark)).toEqual(['Bedava yürüyüş', 'Yüzlük kahve']);
    expect(await titles({ quick: ['FREE'] }, mark)).toEqual(['Bedava yürüyüş']);
    expect(await titles({ quick: ['CHEAP'], mode: 'PHYSICAL' })).toEqual([
      'Boğazda ÇAY sohbeti',
      'Kadıköy halı saha',
      'Satranç turnuvası',
      'Sınav kampı',
    ]);
  });

  it('filters online events by game type, platform and voice chat', async () => {
    expect(await titles({ gameType: 'FPS' })).toEqual(['Valorant ranked']);
    expect(await titles({ gameType: 'PARTY' })).toEqual(['Among Us casual']);
    expect(await titles({ platforms: ['discord', 'among-us'] })).toEqual([
      'Among Us casual',
      'Birlikte kodlama',
    ]);
    expect(await titles({ voiceChat: 'OPTIONAL' })).toEqual(['Among Us casual']);
    // Devices select the platforms that run on them (the server's rule): phones run Among Us.
    expect(await titles({ mode: 'ONLINE', devices: ['MOBILE'] })).toEqual(['Among Us casual']);
    expect(await titles({ mode: 'ONLINE', devices: ['PC'], platforms: ['discord'] })).toEqual([
      'Birlikte kodlama',
    ]);
  });

  it('filters by the map bounds', async () => {
    // A box around Istanbul excludes Ankara and İzmir.
    expect(await titles({ bounds: { south: 40.8, west: 28.5, north: 41.3, east: 29.5 } })).toEqual([
      'Boğazda ÇAY sohbeti',
      'Kadıköy halı saha',
    ]);
  });

  it('reports derived fields', async () => {
    const res = await app.gql(LIST, { filter: { search: `${MARK} valorant` } }, { token: viewer.token });
    expect(res.data.events.edges[0].node).toMatchObject({
      gameType: 'FPS',
      language: 'tr',
      timeLeft: expect.stringMatching(/gün|saat|dk/),
    });
  });

  it('refuses bad filters with BAD_USER_INPUT', async () => {
    for (const filter of [
      { bounds: { south: 42, west: 28, north: 41, east: 29 } },
      { search: 'x'.repeat(101) },
      { radiusKm: 0, near: { lat: 41, lng: 29 } },
    ]) {
      expectOneError(await app.gql(LIST, { filter }, { token: viewer.token }), 'BAD_USER_INPUT');
    }
  });

  it('offers the catalog with stable ids and translated labels, and live lobby stats', async () => {
    const CATALOG =
      '{ eventCatalog { physical { id label icon tags { id label } } online { id label } platforms { id label devices } durations { minutes label } limits { titleMax participantsMax joinMessageMax creationCost } } lobbyStats { activePlayers gamesAvailable matchSuccessRate averageHostRating } }';
    const res = await app.gql(CATALOG, undefined, { token: viewer.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.eventCatalog.physical.map((c: any) => c.label)).toEqual([
      'Spor',
      'Kutu Oyunları & Klasikler',
      'Sosyal & Hobi',
      'Eğitim & Gelişim',
      'Sanat & Eğlence',
      'Yeme & İçme',
    ]);
    expect(res.data.eventCatalog.physical[0]).toMatchObject({ id: 'sports', icon: 'sports' });
    expect(res.data.eventCatalog.physical[0].tags[0]).toEqual({ id: 'hali-saha', label: 'Halı Saha' });
    expect(res.data.eventCatalog.platforms.map((p: any) => p.id)).toEqual([
      'steam',
      'discord',
      'valorant',
      'league-of-legends',
      'among-us',
      'minecraft',
      'cs2',
      'other',
    ]);
    expect(res.data.eventCatalog.platforms.at(-1)).toEqual({
      id: 'other',
      label: 'Diğer',
      devices: ['PLAYSTATION', 'XBOX', 'MOBILE'],
    });
    expect(res.data.eventCatalog.durations.map((d: any) => d.label)).toEqual([
      '30 dk',
      '1 saat',
      '1.5 saat',
      '2 saat',
      '3 saat',
      '4+ saat',
    ]);
    expect(res.data.eventCatalog.limits).toEqual({
      titleMax: 100,
      participantsMax: 20,
      joinMessageMax: 500,
      creationCost: 1,
    });
    expect(res.data.lobbyStats.gamesAvailable).toBeGreaterThanOrEqual(2);
    expect(res.data.lobbyStats.activePlayers).toBeGreaterThanOrEqual(1);

    // The same ids in English.
    const en = await app.gql(CATALOG, undefined, {
      token: viewer.token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.data.eventCatalog.platforms.map((p: any) => p.label)).toEqual([
      'Steam',
      'Discord',
      'Valorant',
      'League of Legends',
      'Among Us',
      'Minecraft',
      'CS2',
      'Other',
    ]);
    expect(en.data.eventCatalog.physical.map((c: any) => c.id)).toEqual(
      res.data.eventCatalog.physical.map((c: any) => c.id),
    );
    expect(en.data.eventCatalog.physical[0]).toMatchObject({ label: 'Sports' });
    expect(en.data.eventCatalog.physical[0].tags[0]).toEqual({ id: 'hali-saha', label: 'Five-a-side' });
    expect(en.data.eventCatalog.durations[1].label).toBe('1 hour');
  });
});
