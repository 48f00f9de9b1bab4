// Does an event's public location text name a district or province far from its exact point (issue 27,
// ADR 070)? The names are the gazetteer's; the province outlines are Natural Earth's (public domain,
// the same polygons the client draws), flattened to [lng, lat, …] rings by plate code.
import outlines from './data/province-outlines.json' with { type: 'json' };
import { distanceToRingsKm, haversineKm, insideRings } from './geo.distance.ts';
import { loadGazetteer, type DistrictRecord } from './geo.gazetteer.ts';
import { fold } from './geo.text.ts';

// A province name is right within this distance of its outline (coarse interior borders, coasts).
const PROVINCE_MARGIN_KM = 5;
// A district name is right when one of its points (seat, towns, quarters, cited places) is at most
// this much farther than the nearest point of any district …
const NEAREST_POINT_MARGIN_KM = 5;
// … or its seat is at most SEAT_FACTOR × the nearest seat's distance + SEAT_MARGIN_KM away (large
// rural districts, whose seats are far apart).
const SEAT_FACTOR = 1.25;
const SEAT_MARGIN_KM = 3;
// Names of up to this many words ("19 Mayıs", "Kemalpaşa") are looked for.
const MAX_NAME_WORDS = 3;

type Named = { name: string; provinces: number[]; districts: DistrictRecord[] };

type Point = { lat: number; lng: number };

type Index = {
  names: Map<string, Named>;
  rings: Map<number, number[][]>;
  seats: readonly DistrictRecord[];
  // Every district's seat, towns, quarters and cited places.
  points: Map<DistrictRecord, Point[]>;
};

let cached: Index | undefined;

function index(): Index {
  if (cached) return cached;
  const g = loadGazetteer();
  const names = new Map<string, Named>();
  const entry = (name: string) => {
    const key = fold(name);
    let named = names.get(key);
    if (!named) names.set(key, (named = { name, provinces: [], districts: [] }));
    return named;
  };
  for (const p of g.provinces) entry(p.name).provinces.push(p.code);
  for (const d of g.districts) entry(d.name).districts.push(d);
  const points = new Map<DistrictRecord, Point[]>(g.districts.map((d) => [d, [d]]));
  const byKey = new Map(g.districts.map((d) => [`${d.provinceCode}:${d.name}`, d]));
  for (const t of [...g.towns, ...g.places]) {
    const d = byKey.get(`${t.provinceCode}:${t.district}`);
    if (d) points.get(d)!.push(t);
  }
  const data = outlines as unknown as { provinces: [number, number[][]][] };
  cached = { names, rings: new Map(data.provinces), seats: g.districts, points };
  return cached;
}

// The names a text is made of: each part between commas (or / ; ( ) – —) that consists of district
// and province names only. "Kadıköy, İstanbul" and "Kadıköy İstanbul" name both; "Moda sahili",
// "Bahçe kafe, Moda" or "Zorlu Center" name none (free text is the host's, ADR 070).
export function placeNamesIn(text: string): Named[] {
  const { names } = index();
  const found: Named[] = [];
  for (const part of text.split(/[,/;()|\n–—]+/)) {
    const words = fold(part).split(' ').filter(Boolean);
    if (!words.length) continue;
    // Split the part into whole names, longest first; a part with any other word names nothing.
    const parsed: Named[] = [];
    let i = 0;
    while (i < words.length) {
      let hit: Named | undefined;
      for (let n = Math.min(MAX_NAME_WORDS, words.length - i); n > 0 && !hit; n--) {
        hit = names.get(words.slice(i, i + n).join(' '));
        if (hit) i += n;
      }
      if (!hit) break;
      parsed.push(hit);
    }
    if (i === words.length) found.push(...parsed);
  }
  return found;
}

const nearestKm = (points: readonly Point[], lat: number, lng: number) =>
  points.reduce((best, p) => Math.min(best, haversineKm(lat, lng, p.lat, p.lng)), Infinity);

type Nearest = { seatKm: number; pointKm: number };

function districtHolds(d: DistrictRecord, lat: number, lng: number, nearest: Nearest): boolean {
  const own = index().points.get(d)!;
  return (
    nearestKm(own, lat, lng) <= nearest.pointKm + NEAREST_POINT_MARGIN_KM ||
    haversineKm(lat, lng, d.lat, d.lng) <= SEAT_FACTOR * nearest.seatKm + SEAT_MARGIN_KM
  );
}

// Inside (or near) the outline, or one of its districts fits: the outlines are coarse, leave out
// small islands (Adalar) and the sea along the coast, where an event may still meet.
function provinceHolds(code: number, lat: number, lng: number, nearest: Nearest): boolean {
  const rings = index().rings.get(code);
  if (rings && (insideRings(lat, lng, rings) || distanceToRingsKm(lat, lng, rings) <= PROVINCE_MARGIN_KM))
    return true;
  return index().seats.some((d) => d.provinceCode === code && districtHolds(d, lat, lng, nearest));
}

// The first district or province the text names that cannot be where the point is, or null. A name
// that is both (a province and its central district, or districts of one name in several provinces)
// is right when any of them fits.
export function contradictingPlaceName(text: string, lat: number, lng: number): string | null {
  const named = placeNamesIn(text);
  if (!named.length) return null;
  const { seats, points } = index();
  const nearest: Nearest = {
    seatKm: nearestKm(seats, lat, lng),
    pointKm: Math.min(...[...points.values()].map((own) => nearestKm(own, lat, lng))),
  };
  for (const n of named) {
    const fits =
      n.provinces.some((code) => provinceHolds(code, lat, lng, nearest)) ||
      n.districts.some((d) => districtHolds(d, lat, lng, nearest));
    if (!fits) return n.name;
  }
  return null;
}
