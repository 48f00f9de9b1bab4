import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
let user: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await app.newUser();
});

afterAll(() => app?.close());

const PROVINCES = `query Provinces {
  provinces { code name center { lat lng } districts { name provinceCode center { lat lng } } }
}`;
const DISTRICTS = `query Districts($provinceCode: Int!) {
  districts(provinceCode: $provinceCode) { name provinceCode center { lat lng } }
}`;
const GEOCODE = `query Geocode($text: String!, $limit: Int, $near: GeoPointInput) {
  geocode(text: $text, limit: $limit, near: $near) { name address lat lng kind province district distanceKm }
}`;
const REVERSE = `query Reverse($lat: Float!, $lng: Float!) {
  reverseGeocode(lat: $lat, lng: $lng) { name address lat lng kind province district distanceKm }
}`;

const geocode = async (text: string, extra: Record<string, unknown> = {}) => {
  const res = await app.gql(GEOCODE, { text, ...extra }, { token: user.token });
  expect(res.errors).toBeUndefined();
  return res.data.geocode as Record<string, any>[];
};

describe('provinces and districts (public)', () => {
  it('lists the 81 provinces with their 973 districts in Turkish order', async () => {
    const res = await app.gql(PROVINCES);
    expect(res.errors).toBeUndefined();
    const provinces = res.data.provinces as { code: number; name: string; districts: { name: string }[] }[];
    expect(provinces).toHaveLength(81);
    expect(provinces.reduce((n, p) => n + p.districts.length, 0)).toBe(973);
    const istanbul = provinces.find((p) => p.code === 34)!;
    expect(istanbul.name).toBe('İstanbul');
    expect(istanbul.districts).toHaveLength(39);
    const names = istanbul.districts.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'tr')));
    // Turkish order: Ç after C, Ş after S, Ü after U.
    expect(names.indexOf('Çatalca')).toBeGreaterThan(names.indexOf('Büyükçekmece'));
    expect(names.indexOf('Şile')).toBeGreaterThan(names.indexOf('Sultangazi'));
    expect(provinces.find((p) => p.code === 6)!.districts).toHaveLength(25);
  });

  it('lists one province’s districts', async () => {
    const res = await app.gql(DISTRICTS, { provinceCode: 3 });
    expect(res.errors).toBeUndefined();
    const cay = res.data.districts.find((d: { name: string }) => d.name === 'Çay');
    expect(cay).toMatchObject({
      provinceCode: 3,
      center: { lat: expect.any(Number), lng: expect.any(Number) },
    });
    expect(res.data.districts.filter((d: { name: string }) => d.name === 'Merkez')).toHaveLength(1);
  });

  it('rejects an unknown plate code on provinceCode, in Turkish', async () => {
    for (const provinceCode of [0, 82, -1]) {
      const error = expectOneError(await app.gql(DISTRICTS, { provinceCode }), 'BAD_USER_INPUT');
      expect(error.extensions!.field).toBe('provinceCode');
      expect(error.message).toMatch(/plaka kodu/);
    }
  });
});

describe('geocode', () => {
  it('needs a signed-in user', async () => {
    expectOneError(await app.gql(GEOCODE, { text: 'kadikoy' }), 'UNAUTHENTICATED');
    expectOneError(await app.gql(REVERSE, { lat: 40.98, lng: 29.026 }), 'UNAUTHENTICATED');
  });

  it('finds Kadıköy first however it is typed', async () => {
    for (const text of ['kadikoy', 'KADIKÖY', 'Kadıköy', 'kadıköy', 'kadık']) {
      const [first] = await geocode(text);
      expect(first).toMatchObject({
        name: 'Kadıköy',
        address: 'Kadıköy, İstanbul',
        kind: 'DISTRICT',
        province: 'İstanbul',
        district: 'Kadıköy',
        distanceKm: null,
      });
    }
  });

  it('finds İstanbul and İzmir with either I', async () => {
    for (const text of ['ISTANBUL', 'istanbul']) {
      expect((await geocode(text))[0]).toMatchObject({
        name: 'İstanbul',
        kind: 'PROVINCE',
        address: 'İstanbul',
      });
    }
    for (const text of ['İzmir', 'izmir']) {
      expect((await geocode(text))[0]).toMatchObject({ name: 'İzmir', kind: 'PROVINCE' });
    }
  });

  it('finds Çay in Afyonkarahisar from "çay" and "cay"', async () => {
    for (const text of ['çay', 'cay']) {
      expect((await geocode(text))[0]).toMatchObject({
        name: 'Çay',
        province: 'Afyonkarahisar',
        kind: 'DISTRICT',
        address: 'Çay, Afyonkarahisar',
      });
    }
  });

  it('reads "Moda, Kadıköy", falls back to the area for an unknown place, and tolerates a typo', async () => {
    expect((await geocode('Moda, Kadıköy'))[0]).toMatchObject({ name: 'Moda', district: 'Kadıköy' });
    expect((await geocode('Atlantis, Kadıköy'))[0]).toMatchObject({ name: 'Kadıköy', province: 'İstanbul' });
    expect((await geocode('kadikoi'))[0]).toMatchObject({ name: 'Kadıköy' });
  });

  it('ranks equal matches by distance to near, and reports the distance', async () => {
    const fromBilecik = await geocode('Merkez', { near: { lat: 40.142, lng: 29.979 }, limit: 3 });
    expect(fromBilecik).toHaveLength(3);
    expect(fromBilecik[0]).toMatchObject({ name: 'Merkez', province: 'Bilecik', address: 'Merkez, Bilecik' });
    expect(fromBilecik[0].distanceKm).toBeLessThan(1);
    const distances = fromBilecik.map((p) => p.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const fromVan = await geocode('Merkez', { near: { lat: 38.5, lng: 43.38 }, limit: 1 });
    expect(fromVan[0].province).not.toBe('Bilecik');
    // Without near: Istanbul is the bias and no distance is reported.
    const plain = await geocode('Merkez', { limit: 1 });
    expect(plain[0]).toMatchObject({ province: 'Yalova', distanceKm: null });
  });

  it('honours the limit and rejects one outside 1..10', async () => {
    expect(await geocode('k', { limit: 10 })).toHaveLength(10);
    expect(await geocode('k')).toHaveLength(5);
    for (const limit of [0, 11, -3]) {
      const error = expectOneError(
        await app.gql(GEOCODE, { text: 'kadikoy', limit }, { token: user.token }),
        'BAD_USER_INPUT',
      );
      expect(error.extensions!.field).toBe('limit');
    }
  });

  it('rejects an empty or overlong text and a bad near point', async () => {
    for (const text of ['', '   ', 'x'.repeat(201)]) {
      const error = expectOneError(await app.gql(GEOCODE, { text }, { token: user.token }), 'BAD_USER_INPUT');
      expect(error.extensions!.field).toBe('text');
    }
    const error = expectOneError(
      await app.gql(GEOCODE, { text: 'kadikoy', near: { lat: 91, lng: 0 } }, { token: user.token }),
      'BAD_USER_INPUT',
    );
    expect(error.extensions!.field).toBe('near.lat');
    expect(await geocode('%%%')).toEqual([]);
  });
});

describe('reverseGeocode', () => {
  it('names a district where no neighbourhood is near: Kadıköy, İstanbul', async () => {
    const res = await app.gql(REVERSE, { lat: 40.995, lng: 29.06 }, { token: user.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.reverseGeocode).toMatchObject({
      name: 'Kadıköy',
      address: 'Kadıköy, İstanbul',
      kind: 'DISTRICT',
      province: 'İstanbul',
      district: 'Kadıköy',
    });
    expect(res.data.reverseGeocode.distanceKm).toBeLessThan(4);
  });

  it('gives a town with "Town, District, Province"', async () => {
    const res = await app.gql(REVERSE, { lat: 40.0, lng: 31.0 }, { token: user.token });
    const place = res.data.reverseGeocode;
    expect(place.kind).toBe('TOWN');
    expect(place.address).toBe(`${place.name}, ${place.district}, ${place.province}`);
  });

  it('falls back to the coordinate when nothing is within 30 km', async () => {
    const res = await app.gql(REVERSE, { lat: 38.7, lng: 33.3 }, { token: user.token });
    expect(res.data.reverseGeocode).toMatchObject({
      name: '38.700000, 33.300000',
      kind: 'POINT',
      lat: 38.7,
      lng: 33.3,
      address: null,
    });
  });

  it('rejects points outside Turkey and invalid coordinates on lat', async () => {
    for (const [lat, lng] of [
      [48.85, 2.35],
      [37.98, 23.73],
      [91, 29],
      [41, 181],
    ]) {
      const error = expectOneError(
        await app.gql(REVERSE, { lat, lng }, { token: user.token }),
        'BAD_USER_INPUT',
      );
      expect(error.extensions!.field).toBe('lat');
    }
  });
});

describe('external geocoder (GEOCODER_URL)', () => {
  let external: TestApp;
  let server: http.Server;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      const url = new URL(req.url!, 'http://x');
      res.writeHead(url.searchParams.get('q') === 'down' ? 500 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          {
            lat: '40.9806',
            lon: '29.0257',
            name: 'Moda',
            category: 'place',
            type: 'suburb',
            place_rank: 20,
            address: { suburb: 'Caferağa', town: 'Kadıköy', province: 'İstanbul', country_code: 'tr' },
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    external = await startTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/nominatim` } });
  });

  afterAll(async () => {
    await external?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('answers from the external service, and from the gazetteer when it fails', async () => {
    const ext = await external.newUser();
    const res = await external.gql(GEOCODE, { text: 'moda' }, { token: ext.token });
    expect(res.data.geocode).toEqual([
      expect.objectContaining({ name: 'Moda', address: 'Moda, Caferağa, Kadıköy, İstanbul', kind: 'TOWN' }),
    ]);
    expect(hits).toBe(1);
    const down = await external.gql(GEOCODE, { text: 'down' }, { token: ext.token });
    expect(down.errors).toBeUndefined();
    expect(Array.isArray(down.data.geocode)).toBe(true);
    expect(hits).toBe(2);
  });
});

describe('lastUsedIpLocation', () => {
  const ME = '{ me { lastUsedIpLocation { lat lng country city } } }';
  // A user's first request (the IP is looked at when the last-seen time is written, once a minute).
  const firstRequestFrom = async (ip: string) => {
    const { token } = await app.newIdentity();
    const first = await app.gql('{ me { id } }', undefined, { token, headers: { 'x-forwarded-for': ip } });
    expect(first.errors).toBeUndefined();
    const location = async () => (await app.gql(ME, undefined, { token })).data.me.lastUsedIpLocation;
    // The request's one write (last seen, and the IP's place when it has one) has landed once the
    // last-seen time is there.
    const written = async () =>
      (await app.database.pool.query('select last_seen_at from users where id = $1', [first.data.me.id]))
        .rows[0]?.last_seen_at != null;
    return Object.assign(location, { written });
  };

  it('is set from a Turkish address of the request, and stays empty for one abroad', async () => {
    const inTurkey = await firstRequestFrom('88.255.0.1');
    await expect.poll(inTurkey).toMatchObject({ country: 'TR', city: 'Ümraniye' });
    const { lat, lng } = await inTurkey();
    expect(lat).toBeCloseTo(41.03, 1);
    expect(lng).toBeCloseTo(29.1, 1);

    const abroad = await firstRequestFrom('8.8.8.8');
    await expect.poll(abroad.written).toBe(true);
    expect(await abroad()).toBeNull();
  });
});
