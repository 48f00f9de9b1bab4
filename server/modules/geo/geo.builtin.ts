// The built-in geocoder: the gazetteer with names folded once at load, an exact map, sorted arrays for
// prefix ranges (binary search), a trigram index for typos, and a grid for nearest-point look-ups.
import type { PlaceKind } from '#server/modules/enum-values.ts';
import { haversineKm, PointGrid } from './geo.distance.ts';
import type { Gazetteer } from './geo.gazetteer.ts';
import { allowedTypos, compact, editDistance, fold, trigrams } from './geo.text.ts';
import {
  ISTANBUL,
  pointPlace,
  REVERSE_MAX_KM,
  roundKm,
  type Geocoder,
  type LatLng,
  type PlaceModel,
  type SearchOptions,
} from './geo.types.ts';

type EntryKind = Extract<PlaceKind, 'province' | 'district' | 'town' | 'neighbourhood' | 'landmark'>;

type Entry = {
  id: number;
  kind: EntryKind;
  name: string;
  province: string;
  district: string | null;
  lat: number;
  lng: number;
  population: number;
  key: string; // compact folded name
  provinceKey: string;
  districtKey: string | null;
  // province > district > town, neighbourhood, landmark
  importance: number;
  // Population shrinks the distance a little: a city 10× larger counts as somewhat nearer.
  pull: number;
  // Compact folded short forms ("odtu", "metu"), indexed like the name.
  aliasKeys: readonly string[];
};

// Match tiers, best first.
const EXACT = 4;
const PREFIX = 3;
const WORD_PREFIX = 2;
const FUZZY = 1;

// A place within this distance of the bias point is local: it ranks above a same-named one far away
// (Bostancı, Kadıköy before Bostancı, Silopi from İstanbul), whatever their kinds.
const LOCAL_KM = 50;

type Hit = { entry: Entry; tier: number; quality: number; context: number; km: number };

// Parts naming the country add nothing in a Turkey-only search.
const COUNTRY = new Set(['turkiye', 'turkey', 'tr', 'turkei']);

const IMPORTANCE: Record<EntryKind, number> = {
  province: 3,
  district: 2,
  town: 1,
  neighbourhood: 1,
  landmark: 1,
};

// "What is here" names a quarter or cited neighbourhood this close before the district around it.
const QUARTER_KM = 2.5;

type Keyed = { key: string; entry: Entry };

function prefixRange(sorted: readonly Keyed[], prefix: string): Keyed[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].key < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: Keyed[] = [];
  for (let i = lo; i < sorted.length && sorted[i].key.startsWith(prefix); i++) out.push(sorted[i]);
  return out;
}

const byKey = (a: Keyed, b: Keyed) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entry.id - b.entry.id);

export function createBuiltinGeocoder(gazetteer: Gazetteer) {
  const entries: Entry[] = [];
  const add = (
    e: Omit<Entry, 'id' | 'key' | 'provinceKey' | 'districtKey' | 'importance' | 'pull' | 'aliasKeys'>,
    aliases: readonly string[] = [],
  ) => {
    entries.push({
      ...e,
      aliasKeys: aliases.map((a) => compact(fold(a))),
      id: entries.length,
      key: compact(fold(e.name)),
      provinceKey: compact(fold(e.province)),
      districtKey: e.district === null ? null : compact(fold(e.district)),
      importance: IMPORTANCE[e.kind],
      pull: 1 + Math.log10(1 + e.population / 1000),
    });
  };
  for (const p of gazetteer.provinces) {
    add({ kind: 'province', name: p.name, province: p.name, district: null, ...pick(p) });
  }
  for (const d of gazetteer.districts) {
    add({ kind: 'district', name: d.name, province: d.province, district: d.name, ...pick(d) });
  }
  for (const t of gazetteer.towns) {
    add({ kind: 'town', name: t.name, province: t.province, district: t.district, ...pick(t) });
  }
  for (const p of gazetteer.places) {
    add(
      {
        kind: p.kind,
        name: p.name,
        province: p.province,
        district: p.district,
        lat: p.lat,
        lng: p.lng,
        population: 0,
      },
      p.aliases,
    );
  }

  const exact = new Map<string, Entry[]>();
  const names: Keyed[] = [];
  const words: Keyed[] = [];
  const grams = new Map<string, number[]>();
  for (const e of entries) {
    for (const k of [e.key, ...e.aliasKeys]) {
      exact.set(k, [...(exact.get(k) ?? []), e]);
      names.push({ key: k, entry: e });
    }
    // Later words of a multi-word name: "mayis" finds "19 Mayıs".
    for (const w of fold(e.name).split(' ').slice(1)) if (w.length >= 2) words.push({ key: w, entry: e });
    for (const g of trigrams(e.key)) {
      const list = grams.get(g);
      if (list) list.push(e.id);
      else grams.set(g, [e.id]);
    }
  }
  names.sort(byKey);
  words.sort(byKey);

  // "What is here" (ADR 071): the district is the one of the nearest point whose district is known —
  // its seat, a GeoNames place in the district its admin2 code names, a cited neighbourhood or landmark
  // — a Voronoi partition over 2,800 points instead of 973 seats. The answer is then the nearest quarter
  // of that district, else its seat or nearest town. A landmark is a point on a street or square, not an
  // area: it tells the district, it is never the answer.
  const labels = new PointGrid(entries.filter((e) => e.kind !== 'province'));
  const grid = new PointGrid(entries.filter((e) => e.kind !== 'province' && e.kind !== 'landmark'));
  const quarters = new PointGrid(entries.filter((e) => e.kind === 'town' || e.kind === 'neighbourhood'));

  function candidates(q: string, want: number): Map<Entry, { tier: number; quality: number }> {
    const found = new Map<Entry, { tier: number; quality: number }>();
    const offer = (entry: Entry, tier: number, quality: number) => {
      const had = found.get(entry);
      if (!had || had.tier < tier || (had.tier === tier && had.quality < quality)) {
        found.set(entry, { tier, quality });
      }
    };
    for (const e of exact.get(q) ?? []) offer(e, EXACT, 1);
    // One or two letters match hundreds of names: towns only join from the third letter on.
    const short = q.length < 3;
    for (const { entry } of prefixRange(names, q)) {
      if (!short || entry.importance > 1) offer(entry, PREFIX, q.length / entry.key.length);
    }
    if (short) return found;
    for (const { entry, key } of prefixRange(words, q)) offer(entry, WORD_PREFIX, q.length / key.length);
    // Typos are looked for only when the text names nothing exactly and too little by prefix.
    if (found.size >= want || exact.has(q)) return found;

    // Typos: entries sharing enough trigrams, then an edit distance against the whole name or the
    // part of it typed so far.
    const qGrams = trigrams(q);
    const shared = new Map<number, number>();
    for (const g of qGrams) for (const id of grams.get(g) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const need = Math.max(1, Math.ceil(qGrams.length * 0.3));
    const max = allowedTypos(q.length);
    if (max === 0) return found;
    for (const [id, count] of shared) {
      if (count < need) continue;
      const entry = entries[id];
      if (found.has(entry)) continue;
      let best = editDistance(q, entry.key, max);
      for (let len = q.length - 1; len <= q.length + 1 && best > 0; len++) {
        if (len < entry.key.length)
          best = Math.min(best, editDistance(q, entry.key.slice(0, len), max) + 0.5);
      }
      // A typo is never in the first letter (as in most search engines' fuzzy prefix): "akmerkez" is no
      // "merkez", and "zorlu" no "çorlu".
      if (best <= max && entry.key[0] === q[0]) offer(entry, FUZZY, 1 - best / (q.length + 1));
    }
    return found;
  }

  function contextMatches(entry: Entry, context: readonly string[]): number {
    let n = 0;
    for (const c of context) {
      const keys = [entry.provinceKey, entry.districtKey].filter(
        (k): k is string => k !== null && k !== entry.key,
      );
      const max = allowedTypos(c.length);
      if (keys.some((k) => k.startsWith(c) || (max > 0 && editDistance(c, k.slice(0, c.length), max) <= max)))
        n++;
    }
    return n;
  }

  function rank(primary: string, context: readonly string[], bias: LatLng, want: number): Hit[] {
    const hits: Hit[] = [];
    for (const [entry, m] of candidates(primary, want)) {
      hits.push({
        entry,
        ...m,
        context: contextMatches(entry, context),
        km: haversineKm(bias.lat, bias.lng, entry.lat, entry.lng),
      });
    }
    return hits;
  }

  const local = (h: Hit) => (h.km <= LOCAL_KM ? 1 : 0);

  function compare(a: Hit, b: Hit): number {
    return (
      b.context - a.context ||
      b.tier - a.tier ||
      (a.tier === FUZZY ? b.quality - a.quality : 0) ||
      local(b) - local(a) ||
      b.entry.importance - a.entry.importance ||
      a.km / a.entry.pull - b.km / b.entry.pull ||
      a.entry.name.localeCompare(b.entry.name, 'tr') ||
      a.entry.id - b.entry.id
    );
  }

  function toPlace(entry: Entry, distanceKm: number | null): PlaceModel {
    const address =
      entry.kind === 'province'
        ? entry.name
        : entry.kind === 'district'
          ? `${entry.name}, ${entry.province}`
          : `${entry.name}, ${entry.district}, ${entry.province}`;
    return {
      name: entry.name,
      address,
      lat: entry.lat,
      lng: entry.lng,
      kind: entry.kind,
      province: entry.province,
      district: entry.district,
      distanceKm: distanceKm === null ? null : roundKm(distanceKm),
    };
  }

  function searchSync(text: string, options: SearchOptions): PlaceModel[] {
    const bias = options.near ?? ISTANBUL;
    const want = options.limit;
    const parts = text
      .split(/[,;/|]+/)
      .map((p) => compact(fold(p)))
      .filter((p) => p.length > 0 && !COUNTRY.has(p));
    if (parts.length === 0) return [];

    // "Moda, Kadıköy": the first part names the place, the rest where it lies. A first part we do not
    // know falls back to the next one.
    let hits: Hit[] = [];
    for (let i = 0; i < parts.length && hits.length === 0; i++) {
      hits = rank(parts[i], parts.slice(i + 1), bias, want);
    }

    // "kadikoy istanbul", "bilecik merkez": without commas, each word in turn names the place and the
    // others its surroundings, unless the whole text already names something.
    const wordList = text
      .split(/[,;/|\s]+/)
      .map((w) => compact(fold(w)))
      .filter((w) => w.length > 0 && !COUNTRY.has(w));
    if (parts.length === 1 && wordList.length > 1 && !hits.some((h) => h.tier >= PREFIX)) {
      const best = new Map<Entry, Hit>(hits.map((h) => [h.entry, h]));
      wordList.forEach((word, i) => {
        const rest = wordList.filter((_, j) => j !== i);
        for (const h of rank(word, rest, bias, want)) {
          // A typo of one word whose other words say nothing about it: "zorlu center" is not Çorlu.
          if (h.tier === FUZZY && h.context < rest.length) continue;
          const had = best.get(h.entry);
          if (!had || compare(h, had) < 0) best.set(h.entry, h);
        }
      });
      hits = [...best.values()];
    }

    hits.sort(compare);
    const near = options.near;
    return hits
      .slice(0, want)
      .map((h) => toPlace(h.entry, near ? haversineKm(near.lat, near.lng, h.entry.lat, h.entry.lng) : null));
  }

  // To neighbourhood level: the district as above, then its nearest quarter within QUARTER_KM ("Moda,
  // Kadıköy, İstanbul"), else its seat or nearest town.
  function reverseSync(lat: number, lng: number): PlaceModel {
    const label = labels.nearest(lat, lng, REVERSE_MAX_KM);
    if (!label) return pointPlace(lat, lng);
    const { province, district } = label.point;
    const inDistrict = (e: Entry) => e.province === province && e.district === district;
    const found =
      quarters.nearest(lat, lng, QUARTER_KM, inDistrict) ?? grid.nearest(lat, lng, 99, inDistrict);
    return found ? toPlace(found.point, found.km) : pointPlace(lat, lng);
  }

  const geocoder: Geocoder & { searchSync: typeof searchSync; reverseSync: typeof reverseSync } = {
    name: 'builtin',
    search: async (text, options) => searchSync(text, options),
    reverse: async (lat, lng) => reverseSync(lat, lng),
    searchSync,
    reverseSync,
  };
  return geocoder;
}

export type BuiltinGeocoder = ReturnType<typeof createBuiltinGeocoder>;

// One index per gazetteer, however many apps a process starts (tests start many).
const shared = new WeakMap<Gazetteer, BuiltinGeocoder>();
export function sharedBuiltinGeocoder(gazetteer: Gazetteer): BuiltinGeocoder {
  let geocoder = shared.get(gazetteer);
  if (!geocoder) shared.set(gazetteer, (geocoder = createBuiltinGeocoder(gazetteer)));
  return geocoder;
}

function pick(p: { lat: number; lng: number; population: number }) {
  return { lat: p.lat, lng: p.lng, population: p.population };
}
