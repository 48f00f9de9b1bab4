import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinGeocoder } from './geo.builtin.ts';
import { createExternalGeocoder, detectFlavour } from './geo.external.ts';
import { loadGazetteer } from './geo.gazetteer.ts';

// A local stand-in for Nominatim (/nominatim/...) and Photon (/photon/...), plus misbehaving ones.
const requests: { path: string; query: URLSearchParams; userAgent: string | undefined }[] = [];

const nominatimModa = {
  lat: '40.9806',
  lon: '29.0257',
  name: 'Moda',
  display_name: 'Moda, Caferağa Mahallesi, Kadıköy, İstanbul, Marmara Bölgesi, Türkiye',
  category: 'place',
  type: 'suburb',
  place_rank: 20,
  addresstype: 'suburb',
  address: { suburb: 'Caferağa Mahallesi', town: 'Kadıköy', province: 'İstanbul', country_code: 'tr' },
};
const nominatimAthens = {
  lat: '37.98',
  lon: '23.72',
  name: 'Moda Athens',
  category: 'shop',
  type: 'clothes',
  place_rank: 30,
  address: { city: 'Athens', country_code: 'gr' },
};
const nominatimStreet = {
  lat: '40.98',
  lon: '29.026',
  name: '',
  display_name: 'Moda Caddesi 12, Caferağa, Kadıköy, İstanbul, Türkiye',
  category: 'building',
  type: 'house',
  place_rank: 30,
  address: {
    road: 'Moda Caddesi',
    house_number: '12',
    suburb: 'Caferağa',
    town: 'Kadıköy',
    province: 'İstanbul',
    country_code: 'tr',
  },
};
const photonFeature = (properties: Record<string, string>, lng: number, lat: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    requests.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'] });
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/nominatim/search':
        return json(url.searchParams.get('q') === 'kadikoy' ? [] : [nominatimAthens, nominatimModa]);
      case '/nominatim/reverse':
        return json(nominatimStreet);
      case '/photon/api':
        return json({
          type: 'FeatureCollection',
          features: [
            photonFeature(
              { name: 'Moda', type: 'district', county: 'Kadıköy', state: 'İstanbul', countrycode: 'TR' },
              29.0257,
              40.9806,
            ),
            photonFeature({ name: 'Moda', type: 'city', state: 'Attica', countrycode: 'GR' }, 23.72, 37.98),
          ],
        });
      case '/photon/reverse':
        return json({
          type: 'FeatureCollection',
          features: [
            photonFeature(
              {
                street: 'Moda Caddesi',
                housenumber: '12',
                type: 'house',
                county: 'Kadıköy',
                state: 'İstanbul',
                countrycode: 'TR',
              },
              29.026,
              40.98,
            ),
          ],
        });
      case '/broken/search':
      case '/broken/reverse':
        return json({ error: 'down' }, 503);
      case '/slow/search':
        setTimeout(() => json([nominatimModa]), 1000);
        return;
      default:
        return json({ error: 'not found' }, 404);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const gazetteer = loadGazetteer();
const builtin = createBuiltinGeocoder(gazetteer);
const logger = pino({ level: 'silent' });
const make = (path: string, extra: { timeoutMs?: number; now?: () => number } = {}) =>
  createExternalGeocoder({
    url: `${base}${path}`,
    userAgent: 'Squad/test (+http://squad.test)',
    fallback: builtin,
    logger,
    isInTurkey: (lat, lng) => gazetteer.isInTurkey(lat, lng),
    ...extra,
  });

describe('external geocoder', () => {
  it('tells Photon from Nominatim by the URL', () => {
    expect(detectFlavour('https://photon.komoot.io/api')).toBe('photon');
    expect(detectFlavour('https://geo.example.com/photon/api/')).toBe('photon');
    expect(detectFlavour('https://photon.example.com')).toBe('photon');
    expect(detectFlavour('https://nominatim.openstreetmap.org')).toBe('nominatim');
    expect(detectFlavour('http://localhost:8080/nominatim/')).toBe('nominatim');
  });

  it('searches Nominatim limited to Turkey, biased, with a User-Agent', async () => {
    requests.length = 0;
    const places = await make('/nominatim').search('Moda', { limit: 3, near: { lat: 40.99, lng: 29.03 } });
    expect(places).toEqual([
      {
        name: 'Moda',
        address: 'Moda, Caferağa Mahallesi, Kadıköy, İstanbul',
        lat: 40.9806,
        lng: 29.0257,
        kind: 'town',
        province: 'İstanbul',
        district: 'Kadıköy',
        distanceKm: expect.closeTo(1.1, 0),
      },
    ]);
    const req = requests[0];
    expect(req.path).toBe('/nominatim/search');
    expect(req.userAgent).toBe('Squad/test (+http://squad.test)');
    expect(Object.fromEntries(req.query)).toMatchObject({
      q: 'Moda',
      format: 'jsonv2',
      countrycodes: 'tr',
      limit: '3',
      viewbox: '28.03,41.99,30.03,39.99',
    });
  });

  it('reverse-geocodes with Nominatim to a street address', async () => {
    const place = await make('/nominatim').reverse(40.98, 29.026);
    expect(place).toMatchObject({
      name: 'Moda Caddesi 12',
      address: 'Moda Caddesi 12, Caferağa, Kadıköy, İstanbul',
      kind: 'address',
      district: 'Kadıköy',
      province: 'İstanbul',
      distanceKm: 0,
    });
  });

  it('speaks Photon: /api for search, /reverse for reverse, foreign results dropped', async () => {
    requests.length = 0;
    const photon = make('/photon/api');
    expect(await photon.search('moda', { limit: 5 })).toEqual([
      {
        name: 'Moda',
        address: 'Moda, Kadıköy, İstanbul',
        lat: 40.9806,
        lng: 29.0257,
        kind: 'town',
        province: 'İstanbul',
        district: 'Kadıköy',
        distanceKm: null,
      },
    ]);
    expect(Object.fromEntries(requests[0].query)).toMatchObject({
      q: 'moda',
      lat: '41.0082',
      lon: '28.9784',
    });
    expect(await photon.reverse(40.98, 29.026)).toMatchObject({
      name: 'Moda Caddesi 12',
      kind: 'address',
      district: 'Kadıköy',
    });
    expect(requests.map((r) => r.path)).toEqual(['/photon/api', '/photon/reverse']);
  });

  it('falls back to the built-in geocoder on errors, timeouts and empty answers', async () => {
    expect((await make('/broken').search('kadikoy', { limit: 1 }))[0]).toMatchObject({ name: 'Kadıköy' });
    expect(await make('/broken').reverse(40.98, 29.026)).toMatchObject({
      name: 'Moda',
      kind: 'neighbourhood',
    });
    const started = Date.now();
    expect((await make('/slow', { timeoutMs: 200 }).search('kadikoy', { limit: 1 }))[0]).toMatchObject({
      kind: 'district',
    });
    expect(Date.now() - started).toBeLessThan(900);
    // Nominatim knows nothing by that name; the gazetteer does.
    expect((await make('/nominatim').search('kadikoy', { limit: 1 }))[0]).toMatchObject({ name: 'Kadıköy' });
  });

  it('leaves a failing service alone for a while', async () => {
    let t = 0;
    const broken = make('/broken', { now: () => t });
    requests.length = 0;
    await broken.search('kadikoy', { limit: 1 });
    await broken.search('kadikoy', { limit: 1 });
    expect(requests).toHaveLength(1);
    t += 31_000;
    await broken.search('kadikoy', { limit: 1 });
    expect(requests).toHaveLength(2);
  });
});
