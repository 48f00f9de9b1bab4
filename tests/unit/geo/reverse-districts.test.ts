// Issue 27 point 2: "what is here" names the district the point lies in (ADR 071). Measured against the
// checked reference beside the checkout (../shared/data/geo/districts.csv: every district's seat) and a
// hand-picked list of well-known places, each with the district it lies in. Prints the hit rates.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/lib/paths.ts';
import { sharedBuiltinGeocoder } from '#server/modules/geo/geo.builtin.ts';
import { loadGazetteer } from '#server/modules/geo/geo.gazetteer.ts';
import { AT_SEA, ON_LAND, WELL_KNOWN } from './reverse-points.ts';

const referenceDir =
  process.env.GEO_REFERENCE_DIR ?? path.resolve(projectRoot(), '..', 'shared', 'data', 'geo');
const districtsCsv = path.join(referenceDir, 'districts.csv');

type Row = { what: string; want: string; got: string };

function rate(rows: Row[]) {
  const misses = rows.filter((r) => r.got !== r.want);
  return {
    hits: rows.length - misses.length,
    total: rows.length,
    percent: (100 * (rows.length - misses.length)) / rows.length,
    misses,
  };
}

describe('reverse geocoding names the district a point lies in (issue 27.2)', () => {
  const gazetteer = loadGazetteer();
  const geocoder = sharedBuiltinGeocoder(gazetteer);
  const answer = (lat: number, lng: number) => {
    const place = geocoder.reverseSync(lat, lng);
    return `${place.district}, ${place.province}`;
  };

  it('finds the reference beside the checkout', () => {
    expect(fs.existsSync(districtsCsv), `${districtsCsv} (set GEO_REFERENCE_DIR)`).toBe(true);
  });

  it('answers the right district for ≥ 95% of 1,000+ known points across all 81 provinces', () => {
    const lines = fs.readFileSync(districtsCsv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('province_code,province,district,is_center,lat,lng,src');
    const seats: Row[] = lines.slice(1).map((line) => {
      const [, province, district, , lat, lng] = line.split(',');
      return {
        what: `seat of ${district}`,
        want: `${district}, ${province}`,
        got: answer(Number(lat), Number(lng)),
      };
    });
    const known: Row[] = WELL_KNOWN.map(([what, lat, lng, province, district]) => ({
      what,
      want: `${district}, ${province}`,
      got: answer(lat, lng),
    }));
    const provinces = new Set([...seats, ...known].map((r) => r.want.split(', ')[1]));
    const all = rate([...seats, ...known]);
    const handPicked = rate(known);
    const bySeat = rate(seats);
    console.log(
      [
        `reverse geocoding, right district: ${all.hits}/${all.total} (${all.percent.toFixed(1)}%) in ${provinces.size} provinces`,
        `  district seats (districts.csv): ${bySeat.hits}/${bySeat.total} (${bySeat.percent.toFixed(1)}%)`,
        `  well-known places: ${handPicked.hits}/${handPicked.total} (${handPicked.percent.toFixed(1)}%)`,
        ...all.misses.map((m) => `  miss: ${m.what}: ${m.got}, expected ${m.want}`),
      ].join('\n'),
    );
    expect(provinces.size).toBe(81);
    expect(new Set(known.map((r) => r.want.split(', ')[1])).size).toBeGreaterThanOrEqual(10);
    expect(all.percent).toBeGreaterThanOrEqual(95);
    // The old towns of Antalya, Konya and Gaziantep are the known misses (ADR 071): GeoNames puts those
    // central districts' seats 4–5 km out, and the city's own point carries no district code.
    expect(handPicked.percent).toBeGreaterThanOrEqual(90);
    expect(bySeat.percent).toBeGreaterThanOrEqual(95);
  });

  it('gets each case of the issue right', () => {
    expect(geocoder.reverseSync(41.0369, 28.985)).toMatchObject({
      province: 'İstanbul',
      district: 'Beyoğlu',
    });
    expect(geocoder.reverseSync(40.95344, 29.09517)).toMatchObject({ district: 'Kadıköy' });
    expect(geocoder.reverseSync(41.0172, 28.97)).toMatchObject({ name: 'Eminönü', district: 'Fatih' });
    expect(geocoder.reverseSync(41.0225, 28.976).district).toBe('Beyoğlu');
    expect(geocoder.reverseSync(41.0336, 28.9778).district).toBe('Beyoğlu');
    expect(geocoder.reverseSync(39.9414, 32.8547)).toMatchObject({
      province: 'Ankara',
      district: 'Altındağ',
    });
  });

  it('names a quarter only of the district the point lies in', () => {
    // Taksim: Nişantaşı (Şişli) is the nearest quarter, but the square is in Beyoğlu.
    const taksim = geocoder.reverseSync(41.0369, 28.985);
    expect(taksim.address).not.toContain('Nişantaşı');
    expect(taksim.address).toMatch(/Beyoğlu, İstanbul$/);
    expect(geocoder.reverseSync(40.9812, 29.0255).address).toBe('Moda, Kadıköy, İstanbul');
  });

  it('knows land from sea within Turkey’s waters', () => {
    for (const [what, lat, lng] of AT_SEA) {
      expect(gazetteer.isInTurkey(lat, lng), `${what} is within the 12 km margin`).toBe(true);
      expect(gazetteer.isOnLand(lat, lng), what).toBe(false);
    }
    for (const [what, lat, lng] of ON_LAND) expect(gazetteer.isOnLand(lat, lng), what).toBe(true);
  });
});
