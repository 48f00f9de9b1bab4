// An external geocoder behind GEOCODER_URL, speaking Nominatim's or Photon's HTTP API, limited to
// Turkey, with a timeout, an identifying User-Agent, and the built-in geocoder as the fallback.
//
// Which API: a URL whose path ends in /api, or whose host name contains "photon", is Photon
// (https://photon.komoot.io/api); anything else is Nominatim (https://nominatim.openstreetmap.org).
import type { Logger } from '#server/lib/logger.ts';
import type { PlaceKind } from '#server/modules/enum-values.ts';
import { haversineKm } from './geo.distance.ts';
import { fold } from './geo.text.ts';
import {
  ISTANBUL,
  roundKm,
  type Geocoder,
  type LatLng,
  type PlaceModel,
  type SearchOptions,
} from './geo.types.ts';

export type ExternalFlavour = 'nominatim' | 'photon';

export type ExternalGeocoderOptions = {
  url: string;
  userAgent: string;
  fallback: Geocoder;
  logger: Logger;
  isInTurkey: (lat: number, lng: number) => boolean;
  // The district around a point (the gazetteer's, ADR 071), for answers that name none: a Photon venue
  // often carries only its city, which in Turkey is the province.
  districtAt?: (lat: number, lng: number) => { province: string; district: string | null } | null;
  timeoutMs?: number;
  // After a failure the external service is left alone this long (every request would wait for the
  // timeout otherwise).
  cooldownMs?: number;
  now?: () => number;
};

// Turkey's bounding box: Photon's bbox filter and the centre of Nominatim's viewbox bias.
const TURKEY_BBOX = [25.6, 35.8, 44.9, 42.2] as const;

export function detectFlavour(url: string): ExternalFlavour {
  const u = new URL(url);
  return /\/api\/?$/.test(u.pathname) || u.hostname.includes('photon') ? 'photon' : 'nominatim';
}

function endpoint(base: string, flavour: ExternalFlavour, op: 'search' | 'reverse'): URL {
  const u = new URL(base);
  u.search = '';
  const path = u.pathname.replace(/\/+$/, '');
  if (flavour === 'photon') {
    const root = path.replace(/\/api$/, '');
    u.pathname = `${root}/${op === 'search' ? 'api' : 'reverse'}`;
  } else {
    u.pathname = `${path}/${op}`;
  }
  return u;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function joinAddress(parts: (string | null | undefined)[]): string | null {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    if (!p || seen.has(fold(p))) continue;
    seen.add(fold(p));
    out.push(p);
  }
  return out.length > 0 ? out.join(', ') : null;
}

type NominatimResult = {
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  category?: string;
  type?: string;
  place_rank?: number;
  addresstype?: string;
  address?: Record<string, string | undefined>;
  error?: unknown;
};

function nominatimKind(r: NominatimResult): PlaceKind {
  const rank = r.place_rank ?? 30;
  if (r.addresstype === 'province' || r.addresstype === 'state' || (r.category === 'boundary' && rank <= 8)) {
    return 'province';
  }
  if (r.category === 'boundary' && r.type === 'administrative' && rank <= 14) return 'district';
  if (r.category === 'place' || (r.category === 'boundary' && r.type === 'administrative')) return 'town';
  return 'address';
}

function fromNominatim(r: NominatimResult): Omit<PlaceModel, 'distanceKm'> | null {
  const lat = Number(r.lat);
  const lng = Number(r.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const a = r.address ?? {};
  if (a.country_code && a.country_code.toLowerCase() !== 'tr') return null;
  const kind = nominatimKind(r);
  const province = text(a.province) ?? text(a.state);
  const district =
    kind === 'province' ? null : (text(a.town) ?? text(a.county) ?? text(a.city_district) ?? text(a.city));
  const street = joinAddress([text(a.road), text(a.house_number)])?.replace(', ', ' ') ?? null;
  const name = text(r.name) ?? street ?? text(r.display_name?.split(',')[0]) ?? '';
  if (!name) return null;
  const quarter = text(a.suburb) ?? text(a.neighbourhood) ?? text(a.quarter) ?? text(a.village);
  return {
    name,
    address: joinAddress([name, street, quarter, district, province]),
    lat,
    lng,
    kind,
    province,
    district,
  };
}

type PhotonFeature = {
  geometry?: { coordinates?: [number, number] };
  properties?: Record<string, string | undefined>;
};

// OpenStreetMap keys of venues: a mall, a university, a station, a tower.
const VENUE_KEYS = new Set([
  'amenity',
  'shop',
  'tourism',
  'leisure',
  'historic',
  'railway',
  'public_transport',
  'aeroway',
  'building',
  'man_made',
]);

function photonKind(type: string | undefined, osmKey: string | undefined): PlaceKind {
  if (osmKey && VENUE_KEYS.has(osmKey) && type !== 'street') return 'landmark';
  switch (type) {
    case 'state':
      return 'province';
    case 'county':
      return 'district';
    case 'city':
    case 'district':
    case 'locality':
      return 'town';
    default:
      return 'address';
  }
}

function fromPhoton(f: PhotonFeature): Omit<PlaceModel, 'distanceKm'> | null {
  const [lng, lat] = f.geometry?.coordinates ?? [];
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const p = f.properties ?? {};
  if ((p.countrycode ?? '').toUpperCase() !== 'TR') return null;
  const kind = photonKind(p.type, p.osm_key);
  const province = text(p.state);
  // In Turkey Photon's county is the district; its city is the district or, in a metropolis, the province.
  const city = text(p.city);
  const district =
    kind === 'province'
      ? null
      : (text(p.county) ?? (city && fold(city) !== fold(province ?? '') ? city : null));
  const street = joinAddress([text(p.street), text(p.housenumber)])?.replace(', ', ' ') ?? null;
  const name = text(p.name) ?? street;
  if (!name) return null;
  return {
    name,
    address: joinAddress([name, street, text(p.district) ?? text(p.locality), district, province]),
    lat: lat!,
    lng: lng!,
    kind,
    province,
    district,
  };
}

export function createExternalGeocoder(options: ExternalGeocoderOptions): Geocoder {
  const flavour = detectFlavour(options.url);
  const timeoutMs = options.timeoutMs ?? 3000;
  const cooldownMs = options.cooldownMs ?? 30_000;
  const now = options.now ?? Date.now;
  let pausedUntil = 0;

  async function get(url: URL): Promise<unknown> {
    const res = await fetch(url, {
      headers: { 'user-agent': options.userAgent, accept: 'application/json', 'accept-language': 'tr,en' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`${flavour} answered HTTP ${res.status}`);
    return res.json();
  }

  // Runs the external call unless it failed recently; any failure is logged and answered by the
  // built-in geocoder.
  async function guarded<T>(
    op: string,
    call: () => Promise<T | null>,
    fallback: () => Promise<T>,
  ): Promise<T> {
    if (now() < pausedUntil) return fallback();
    try {
      const result = await call();
      if (result !== null) return result;
    } catch (err) {
      pausedUntil = now() + cooldownMs;
      options.logger.warn({ err, geocoder: flavour, op }, 'external geocoder failed; using the built-in one');
    }
    return fallback();
  }

  function searchUrl(q: string, limit: number, bias: LatLng): URL {
    const u = endpoint(options.url, flavour, 'search');
    const params = u.searchParams;
    params.set('q', q);
    params.set('limit', String(limit));
    if (flavour === 'nominatim') {
      params.set('format', 'jsonv2');
      params.set('countrycodes', 'tr');
      params.set('addressdetails', '1');
      params.set('accept-language', 'tr');
      // A preference, not a filter (bounded stays 0).
      const d = 1;
      params.set('viewbox', [bias.lng - d, bias.lat + d, bias.lng + d, bias.lat - d].join(','));
    } else {
      params.set('lat', String(bias.lat));
      params.set('lon', String(bias.lng));
      params.set('bbox', TURKEY_BBOX.join(','));
    }
    return u;
  }

  function reverseUrl(lat: number, lng: number): URL {
    const u = endpoint(options.url, flavour, 'reverse');
    const params = u.searchParams;
    params.set('lat', String(lat));
    params.set('lon', String(lng));
    if (flavour === 'nominatim') {
      params.set('format', 'jsonv2');
      params.set('addressdetails', '1');
      params.set('accept-language', 'tr');
      params.set('zoom', '18');
    } else {
      params.set('limit', '1');
    }
    return u;
  }

  function parse(body: unknown): Omit<PlaceModel, 'distanceKm'>[] {
    if (flavour === 'nominatim') {
      const list = Array.isArray(body) ? body : [body];
      return list.map((r) => fromNominatim((r ?? {}) as NominatimResult)).filter((p) => p !== null);
    }
    const features = (body as { features?: unknown })?.features;
    if (!Array.isArray(features)) throw new Error('photon answered without features');
    return features.map((f) => fromPhoton((f ?? {}) as PhotonFeature)).filter((p) => p !== null);
  }

  const inTurkey = (p: { lat: number; lng: number }) => options.isInTurkey(p.lat, p.lng);
  // An answer without a district gets the gazetteer's district at its point.
  const withDistrict = <P extends Omit<PlaceModel, 'distanceKm'>>(p: P): P => {
    if (p.district !== null || p.kind === 'province' || !options.districtAt) return p;
    const at = options.districtAt(p.lat, p.lng);
    if (!at?.district || (p.province && fold(p.province) !== fold(at.province))) return p;
    const head =
      p.province && p.address?.endsWith(p.province) ? p.address.slice(0, -p.province.length) : p.address;
    return {
      ...p,
      district: at.district,
      province: at.province,
      address: joinAddress([head?.replace(/, $/, ''), at.district, at.province]),
    };
  };

  return {
    name: flavour,
    search(q: string, o: SearchOptions) {
      return guarded(
        'search',
        async () => {
          const body = await get(searchUrl(q, o.limit, o.near ?? ISTANBUL));
          if (flavour === 'nominatim' && !Array.isArray(body)) throw new Error('nominatim answered no list');
          const places = parse(body)
            .filter(inTurkey)
            .map(withDistrict)
            .slice(0, o.limit)
            .map((p) => ({
              ...p,
              distanceKm: o.near ? roundKm(haversineKm(o.near.lat, o.near.lng, p.lat, p.lng)) : null,
            }));
          // Nothing found: the gazetteer may still know it (typos, partial names).
          return places.length > 0 ? places : null;
        },
        () => options.fallback.search(q, o),
      );
    },
    reverse(lat: number, lng: number) {
      return guarded(
        'reverse',
        async () => {
          const body = await get(reverseUrl(lat, lng));
          if (flavour === 'nominatim' && (body as NominatimResult)?.error) return null;
          const place = parse(body).filter(inTurkey).map(withDistrict)[0];
          return place
            ? { ...place, distanceKm: roundKm(haversineKm(lat, lng, place.lat, place.lng)) }
            : null;
        },
        () => options.fallback.reverse(lat, lng),
      );
    },
  };
}
