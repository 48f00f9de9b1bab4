// Issue 27 point 3: where the embedded gazetteer cannot know a venue ("Zorlu Center", "Caferağa"), the
// production geocoder does. A local stand-in answers like Photon (a GeoJSON FeatureCollection whose
// properties are name, street, housenumber, district, city, county, state, countrycode, osm_key, type),
// and one never answers in time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBuiltinGeocoder } from './geo.builtin.ts';
import { createExternalGeocoder } from './geo.external.ts';
import { loadGazetteer } from './geo.gazetteer.ts';

const feature = (properties: Record<string, string>, lng: number, lat: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

// What Photon answers for the venue: a mall tagged shop=mall, its city the province, no county.
const ZORLU = feature(
  {
    osm_key: 'shop',
    osm_value: 'mall',
    type: 'house',
    name: 'Zorlu Center',
    street: 'Koru Sokağı',
    housenumber: '2',
    district: 'Levazım',
    city: 'İstanbul',
    state: 'İstanbul',
    country: 'Türkiye',
    countrycode: 'TR',
  },
  29.0172,
  41.0669,
);
const CAFERAGA = feature(
  {
    osm_key: 'place',
    osm_value: 'suburb',
    type: 'district',
    name: 'Caferağa Mahallesi',
    county: 'Kadıköy',
    city: 'İstanbul',
    state: 'İstanbul',
    countrycode: 'TR',
  },
  29.0268,
  40.9843,
);
const ZORLU_ELSEWHERE = feature({ name: 'Zorlu Center', type: 'house', countrycode: 'CY' }, 33.36, 35.17);

const hits: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const q = url.searchParams.get('q') ?? '';
    hits.push(`${url.pathname}?${q}`);
    const answer = (features: unknown[]) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'FeatureCollection', features }));
    };
    if (url.pathname === '/hangs/api') return; // never answers: the client's timeout decides
    if (url.pathname === '/photon/reverse') return answer([ZORLU]);
    if (q === 'Zorlu Center') return answer([ZORLU_ELSEWHERE, ZORLU]);
    if (q === 'Caferağa') return answer([CAFERAGA]);
    if (q === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"type":"Feature"}');
    }
    return answer([]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const gazetteer = loadGazetteer();
const builtin = sharedBuiltinGeocoder(gazetteer);
const photon = (path: string, timeoutMs = 3000) =>
  createExternalGeocoder({
    url: `${base}${path}`,
    userAgent: 'Squad/test (+http://squad.test)',
    fallback: builtin,
    logger: pino({ level: 'silent' }),
    isInTurkey: (lat, lng) => gazetteer.isInTurkey(lat, lng),
    districtAt: (lat, lng) => {
      const here = builtin.reverseSync(lat, lng);
      return here.province ? { province: here.province, district: here.district } : null;
    },
    timeoutMs,
  });

describe('the production geocoder knows the venues the gazetteer cannot (Photon)', () => {
  it('finds Zorlu Center in Beşiktaş, not Çorlu and not abroad', async () => {
    const near = { lat: 41.0082, lng: 28.9784 };
    const found = await photon('/photon/api').search('Zorlu Center', { limit: 5, near });
    expect(found).toEqual([
      {
        name: 'Zorlu Center',
        address: 'Zorlu Center, Koru Sokağı 2, Levazım, Beşiktaş, İstanbul',
        lat: 41.0669,
        lng: 29.0172,
        kind: 'landmark',
        province: 'İstanbul',
        district: 'Beşiktaş',
        distanceKm: expect.closeTo(7.3, 1),
      },
    ]);
  });

  it('takes the district from the answer when it names one', async () => {
    expect((await photon('/photon/api').search('Caferağa', { limit: 5 }))[0]).toMatchObject({
      name: 'Caferağa Mahallesi',
      kind: 'town',
      district: 'Kadıköy',
      province: 'İstanbul',
    });
  });

  it('reverse-geocodes to the venue with the gazetteer’s district', async () => {
    expect(await photon('/photon/api').reverse(41.0669, 29.0172)).toMatchObject({
      name: 'Zorlu Center',
      district: 'Beşiktaş',
      province: 'İstanbul',
    });
  });

  it('falls back to the gazetteer when Photon finds nothing or answers nonsense', async () => {
    expect((await photon('/photon/api').search('Bostancı', { limit: 5 }))[0]).toMatchObject({
      address: 'Bostancı, Kadıköy, İstanbul',
    });
    expect((await photon('/photon/api').search('garbage', { limit: 5 })).map((p) => p.name)).toEqual([]);
  });

  it('gives up on a Photon that does not answer in time, answers from the gazetteer, then skips it', async () => {
    const hanging = photon('/hangs/api', 150);
    hits.length = 0;
    expect((await hanging.search('Galata Kulesi', { limit: 5 }))[0]).toMatchObject({
      name: 'Galata Kulesi',
      district: 'Beyoğlu',
    });
    // Nothing is known offline: an empty list, not a wrong place.
    expect(await hanging.search('Zorlu Center', { limit: 5 })).toEqual([]);
    expect(hits).toEqual(['/hangs/api?Galata Kulesi']);
  });
});
