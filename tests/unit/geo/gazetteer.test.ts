import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/lib/paths.ts';
import { haversineKm } from '#server/modules/geo/geo.distance.ts';
import { loadGazetteer } from '#server/modules/geo/geo.gazetteer.ts';

// The checked reference beside the repository (../shared/data/geo); it is never copied into the
// project, only measured against. GEO_REFERENCE_DIR points at it when the checkout lives elsewhere
// (a clone in a temp dir); otherwise the folders above the checkout are searched for shared/data/geo.
function findReference(): string {
  const file = 'provinces.json';
  if (process.env.GEO_REFERENCE_DIR) return path.join(process.env.GEO_REFERENCE_DIR, file);
  for (let dir = projectRoot(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', 'geo', file);
    if (fs.existsSync(candidate) || path.dirname(dir) === dir) return candidate;
  }
}
const referenceFile = findReference();
const hasReference = fs.existsSync(referenceFile);

type ReferenceProvince = {
  code: number;
  name: string;
  lat: number;
  lng: number;
  districts: { name: string; lat: number; lng: number }[];
};

describe('gazetteer', () => {
  const gazetteer = loadGazetteer();

  it('has the 81 provinces and 973 districts of the official list', () => {
    expect(gazetteer.provinces).toHaveLength(81);
    expect(gazetteer.districts).toHaveLength(973);
    expect(gazetteer.districts.filter((d) => d.name === 'Merkez')).toHaveLength(51);
    expect(gazetteer.province(34)?.districts).toHaveLength(39);
    expect(gazetteer.province(6)?.districts).toHaveLength(25);
    expect(gazetteer.attribution).toContain('GeoNames');
  });

  it('puts every point inside Turkey', () => {
    const outside = [...gazetteer.provinces, ...gazetteer.districts, ...gazetteer.towns].filter(
      (p) => !gazetteer.isInTurkey(p.lat, p.lng),
    );
    expect(outside.map((p) => p.name)).toEqual([]);
  });

  it.skipIf(!hasReference)('matches the reference data (../shared/data/geo/provinces.json)', () => {
    const reference = JSON.parse(fs.readFileSync(referenceFile, 'utf8')) as ReferenceProvince[];
    expect(reference).toHaveLength(81);
    const rows: { name: string; km: number }[] = [];
    const unmatched: string[] = [];
    for (const ref of reference) {
      const province = gazetteer.province(ref.code);
      if (province?.name !== ref.name) {
        unmatched.push(`province ${ref.code} ${ref.name}`);
        continue;
      }
      expect(province.districts).toHaveLength(ref.districts.length);
      for (const d of ref.districts) {
        const ours = province.districts.find((x) => x.name === d.name);
        if (!ours) unmatched.push(`${d.name} (${ref.name})`);
        else
          rows.push({ name: `${d.name} (${ref.name})`, km: haversineKm(d.lat, d.lng, ours.lat, ours.lng) });
      }
    }
    expect(unmatched).toEqual([]);
    expect(rows).toHaveLength(973);

    rows.sort((a, b) => a.km - b.km);
    const median = rows[Math.floor(rows.length / 2)].km;
    const within10 = rows.filter((r) => r.km <= 10).length / rows.length;
    const worst = rows.slice(-5).reverse();
    console.log(
      [
        `gazetteer vs reference: ${rows.length} districts`,
        `median ${median.toFixed(2)} km, worst ${worst[0].km.toFixed(1)} km, within 10 km ${(within10 * 100).toFixed(1)}%`,
        `worst 5: ${worst.map((r) => `${r.name} ${r.km.toFixed(1)} km`).join('; ')}`,
      ].join('\n'),
    );
    expect(within10).toBeGreaterThanOrEqual(0.95);
    expect(worst[0].km).toBeLessThanOrEqual(60);
  });

  it.runIf(!hasReference)('skips the reference comparison', () => {
    console.log(`gazetteer: no reference at ${referenceFile}; distance comparison skipped`);
  });
});
