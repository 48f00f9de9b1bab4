// Issue 27 points 2 and 3 through GraphQL (ADR 071): "what is here" names the district the point lies
// in and refuses the sea; the map search finds the names people type; with GEOCODER_URL, Photon finds
// the venues the gazetteer cannot know, and the gazetteer answers when Photon fails.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

const GEOCODE = `query Geocode($text: String!, $limit: Int, $near: GeoPointInput) {
  geocode(text: $text, limit: $limit, near: $near) { name address lat lng kind province district }
}`;
const REVERSE = `query Reverse($lat: Float!, $lng: Float!) {
  reverseGeocode(lat: $lat, lng: $lng) { name address kind province district }
}`;
const ISTANBUL = { lat: 41.0082, lng: 28.9784 };

let app: TestApp;
let user: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await app.newUser();
});

afterAll(() => app?.close());

const geocode = async (on: TestApp, token: string, text: string, near?: { lat: number; lng: number }) => {
  const res = await on.gql(GEOCODE, { text, near }, { token });
  expect(res.errors).toBeUndefined();
  return res.data.geocode as { name: string; address: string; kind: string; district: string }[];
};

describe('reverseGeocode names the district a point lies in (issue 27.2)', () => {
  const reverse = async (lat: number, lng: number) => {
    const res = await app.gql(REVERSE, { lat, lng }, { token: user.token });
    expect(res.errors).toBeUndefined();
    return res.data.reverseGeocode as { name: string; address: string; province: string; district: string };
  };

  it('answers the district of each place the issue lists', async () => {
    const cases: [string, number, number, string, string][] = [
      ['Taksim Meydanı', 41.0369, 28.985, 'İstanbul', 'Beyoğlu'],
      ['Bağdat Caddesi', 40.95344, 29.09517, 'İstanbul', 'Kadıköy'],
      ['Eminönü', 41.0172, 28.97, 'İstanbul', 'Fatih'],
      ['Karaköy', 41.0225, 28.976, 'İstanbul', 'Beyoğlu'],
      ['İstiklal Caddesi', 41.0336, 28.9778, 'İstanbul', 'Beyoğlu'],
      ['Ulus', 39.9414, 32.8547, 'Ankara', 'Altındağ'],
    ];
    for (const [what, lat, lng, province, district] of cases) {
      const place = await reverse(lat, lng);
      expect({ what, province: place.province, district: place.district }).toEqual({
        what,
        province,
        district,
      });
      expect(place.address.endsWith(`${district}, ${province}`), `${what}: ${place.address}`).toBe(true);
    }
    expect(await reverse(41.0172, 28.97)).toMatchObject({
      name: 'Eminönü',
      address: 'Eminönü, Fatih, İstanbul',
    });
  });

  it('refuses a point in the Black Sea off Şile, in Turkish, on lat', async () => {
    for (const [lat, lng] of [
      [41.225, 29.612],
      [41.27, 29.6],
    ]) {
      const error = expectOneError(
        await app.gql(REVERSE, { lat, lng }, { token: user.token }),
        'BAD_USER_INPUT',
      );
      expect(error.extensions!.field).toBe('lat');
      expect(error.message).toMatch(/denizde/);
    }
    // The shore and an island the outline lacks are land.
    expect(await reverse(40.9925, 29.023)).toMatchObject({ district: 'Kadıköy' });
    expect(await reverse(40.8575, 29.12)).toMatchObject({ district: 'Adalar' });
  });
});

describe('geocode finds the names people type (issue 27.3)', () => {
  it('finds venues, universities and the biased city’s neighbourhood first', async () => {
    expect((await geocode(app, user.token, 'Akmerkez', ISTANBUL))[0]).toMatchObject({
      address: 'Akmerkez, Beşiktaş, İstanbul',
      kind: 'LANDMARK',
    });
    expect((await geocode(app, user.token, 'Akmerkez', ISTANBUL)).map((p) => p.name)).not.toContain('Merkez');
    expect((await geocode(app, user.token, 'Bostancı', ISTANBUL)).map((p) => p.address)).toEqual([
      'Bostancı, Kadıköy, İstanbul',
      'Bostancı, Silopi, Şırnak',
    ]);
    expect((await geocode(app, user.token, 'Galata Kulesi'))[0]).toMatchObject({ district: 'Beyoğlu' });
    expect((await geocode(app, user.token, 'ODTÜ'))[0]).toMatchObject({
      name: 'Orta Doğu Teknik Üniversitesi',
      district: 'Çankaya',
    });
  });

  it('answers nothing for a venue the gazetteer cannot know, rather than Çorlu', async () => {
    expect(await geocode(app, user.token, 'Zorlu Center', ISTANBUL)).toEqual([]);
  });
});

describe('with GEOCODER_URL (a Photon stand-in)', () => {
  let photon: TestApp;
  let server: http.Server;
  const asked: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const q = url.searchParams.get('q') ?? '';
      asked.push(`${url.pathname}?${q}`);
      if (q === 'down') {
        res.writeHead(502);
        return res.end();
      }
      const zorlu = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [29.0172, 41.0669] },
        properties: {
          osm_key: 'shop',
          osm_value: 'mall',
          type: 'house',
          name: 'Zorlu Center',
          district: 'Levazım',
          city: 'İstanbul',
          state: 'İstanbul',
          countrycode: 'TR',
        },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'FeatureCollection', features: q === 'Zorlu Center' ? [zorlu] : [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    photon = await startTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}/api` } });
  });

  afterAll(async () => {
    await photon?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('finds Zorlu Center in Beşiktaş, and the gazetteer answers what Photon does not know', async () => {
    const someone = await photon.newUser();
    expect(await geocode(photon, someone.token, 'Zorlu Center', ISTANBUL)).toEqual([
      expect.objectContaining({
        name: 'Zorlu Center',
        address: 'Zorlu Center, Levazım, Beşiktaş, İstanbul',
        kind: 'LANDMARK',
        district: 'Beşiktaş',
      }),
    ]);
    expect((await geocode(photon, someone.token, 'Bostancı', ISTANBUL))[0]).toMatchObject({
      district: 'Kadıköy',
    });
    expect(asked).toEqual(['/api?Zorlu Center', '/api?Bostancı']);
    // A failing Photon: the gazetteer answers, and no error reaches the client.
    expect(await geocode(photon, someone.token, 'down', ISTANBUL)).toBeInstanceOf(Array);
    expect(asked).toHaveLength(3);
  });
});
