// The built-in gazetteer: Turkey's provinces, districts, towns and quarters, and cited neighbourhoods and
// landmarks, from data/gazetteer.json (built by scripts/build-gazetteer.ts). Bundled into the server
// build, parsed once on first use.
import raw from './data/gazetteer.json' with { type: 'json' };
import { insideRings, distanceToRingsKm, PointGrid } from './geo.distance.ts';

type RawGazetteer = {
  attribution: string;
  sources: string[];
  provinces: [code: number, name: string, lat: number, lng: number, population: number][];
  districts: [province: number, name: string, lat: number, lng: number, population: number][];
  towns: [province: number, district: string, name: string, lat: number, lng: number, population: number][];
  places: [
    province: number,
    district: string,
    name: string,
    kind: 'n' | 'l',
    lat: number,
    lng: number,
    aliases?: string[],
  ][];
  outline: number[][];
};

export type DistrictRecord = {
  provinceCode: number;
  province: string;
  name: string;
  lat: number;
  lng: number;
  population: number;
};

export type ProvinceRecord = {
  code: number;
  name: string;
  lat: number;
  lng: number;
  population: number;
  // Turkish alphabetical order.
  districts: DistrictRecord[];
};

export type TownRecord = {
  provinceCode: number;
  province: string;
  district: string;
  name: string;
  lat: number;
  lng: number;
  population: number;
};

// A cited neighbourhood, square, street or venue (scripts/gazetteer-places.json, ADR 040).
export type PlaceRecord = {
  provinceCode: number;
  province: string;
  district: string;
  name: string;
  kind: 'neighbourhood' | 'landmark';
  lat: number;
  lng: number;
  // Short forms people type ("ODTÜ", "METU").
  aliases: readonly string[];
};

export type Gazetteer = {
  attribution: string;
  sources: readonly string[];
  provinces: readonly ProvinceRecord[];
  districts: readonly DistrictRecord[];
  towns: readonly TownRecord[];
  places: readonly PlaceRecord[];
  province(code: number): ProvinceRecord | undefined;
  // Inside Turkey's outline, or within `toleranceKm` of it (coasts, territorial waters).
  isInTurkey(lat: number, lng: number, toleranceKm?: number): boolean;
  // On Turkey's land (ADR 071): inside the outline, within LAND_KM of it (its coast is Natural Earth's,
  // about 0.5 km off in places), or within ISLAND_KM of a known place (islands the outline lacks:
  // Büyükada). A point at sea or abroad is not.
  isOnLand(lat: number, lng: number): boolean;
};

const LAND_KM = 1.5;
const ISLAND_KM = 2;

// Generous box around Turkey; points outside skip the polygon test.
const BOX = { minLat: 35.5, maxLat: 42.5, minLng: 25.3, maxLng: 45.0 };

let cached: Gazetteer | undefined;

// The one "inside Turkey" rule: Turkey's outline with a 12 km margin for coasts and territorial
// waters. Events, the geocoders and reverse look-ups all ask this.
export const isInTurkey = (lat: number, lng: number): boolean => loadGazetteer().isInTurkey(lat, lng);

export function loadGazetteer(): Gazetteer {
  if (cached) return cached;
  const data = raw as unknown as RawGazetteer;
  const provinces: ProvinceRecord[] = data.provinces.map(([code, name, lat, lng, population]) => ({
    code,
    name,
    lat,
    lng,
    population,
    districts: [],
  }));
  const byCode = new Map(provinces.map((p) => [p.code, p]));
  const districts = data.districts.map(([code, name, lat, lng, population]): DistrictRecord => {
    const province = byCode.get(code)!;
    const d = { provinceCode: code, province: province.name, name, lat, lng, population };
    province.districts.push(d);
    return d;
  });
  for (const p of provinces) p.districts.sort((a, b) => a.name.localeCompare(b.name, 'tr'));
  const towns = data.towns.map(([code, district, name, lat, lng, population]): TownRecord => ({
    provinceCode: code,
    province: byCode.get(code)!.name,
    district,
    name,
    lat,
    lng,
    population,
  }));
  const places = data.places.map(([code, district, name, kind, lat, lng, aliases]): PlaceRecord => ({
    provinceCode: code,
    province: byCode.get(code)!.name,
    district,
    name,
    kind: kind === 'l' ? 'landmark' : 'neighbourhood',
    lat,
    lng,
    aliases: aliases ?? [],
  }));
  const outline = data.outline;
  const known = new PointGrid<{ lat: number; lng: number }>([...districts, ...towns, ...places]);
  const isInTurkey = (lat: number, lng: number, toleranceKm = 12) => {
    if (lat < BOX.minLat || lat > BOX.maxLat || lng < BOX.minLng || lng > BOX.maxLng) return false;
    return insideRings(lat, lng, outline) || distanceToRingsKm(lat, lng, outline) <= toleranceKm;
  };
  cached = {
    attribution: data.attribution,
    sources: data.sources,
    provinces,
    districts,
    towns,
    places,
    province: (code) => byCode.get(code),
    isInTurkey,
    isOnLand: (lat, lng) => isInTurkey(lat, lng, LAND_KM) || known.nearest(lat, lng, ISLAND_KM) !== null,
  };
  return cached;
}
