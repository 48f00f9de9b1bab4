// Great-circle distance and a fixed-radius nearest-point grid.

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type GridPoint = { lat: number; lng: number };

// Points bucketed into CELL° × CELL° cells. nearest() only visits the cells that can hold a point
// within the radius, so a query looks at a few dozen points instead of all of them.
export class PointGrid<T extends GridPoint> {
  private static readonly CELL = 0.25;
  private readonly cells = new Map<string, T[]>();

  constructor(points: readonly T[]) {
    for (const p of points) {
      const key = this.key(Math.floor(p.lat / PointGrid.CELL), Math.floor(p.lng / PointGrid.CELL));
      const cell = this.cells.get(key);
      if (cell) cell.push(p);
      else this.cells.set(key, [p]);
    }
  }

  private key(row: number, col: number) {
    return `${row}:${col}`;
  }

  // The nearest point within maxKm, among those `accept` takes when given.
  nearest(
    lat: number,
    lng: number,
    maxKm: number,
    accept?: (p: T) => boolean,
  ): { point: T; km: number } | null {
    const dLat = maxKm / 110.574;
    const dLng = maxKm / (111.32 * Math.max(0.01, Math.cos(rad(Math.min(89, Math.abs(lat) + dLat)))));
    const c = PointGrid.CELL;
    let best: { point: T; km: number } | null = null;
    for (let row = Math.floor((lat - dLat) / c); row <= Math.floor((lat + dLat) / c); row++) {
      for (let col = Math.floor((lng - dLng) / c); col <= Math.floor((lng + dLng) / c); col++) {
        for (const p of this.cells.get(this.key(row, col)) ?? []) {
          const km = haversineKm(lat, lng, p.lat, p.lng);
          if (km <= maxKm && (!best || km < best.km) && (!accept || accept(p))) best = { point: p, km };
        }
      }
    }
    return best;
  }
}

// Ray casting over rings of flattened [lng, lat, lng, lat, …] pairs; rings toggle (holes work).
export function insideRings(lat: number, lng: number, rings: readonly (readonly number[])[]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const xi = ring[i];
      const yi = ring[i + 1];
      const xj = ring[j];
      const yj = ring[j + 1];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

// Shortest distance in km from a point to the rings' edges (equirectangular, fine at this scale).
export function distanceToRingsKm(lat: number, lng: number, rings: readonly (readonly number[])[]): number {
  const kx = 111.32 * Math.cos(rad(lat));
  const ky = 110.574;
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const ax = (ring[j] - lng) * kx;
      const ay = (ring[j + 1] - lat) * ky;
      const bx = (ring[i] - lng) * kx;
      const by = (ring[i + 1] - lat) * ky;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
      const d = Math.hypot(ax + t * dx, ay + t * dy);
      if (d < best) best = d;
    }
  }
  return best;
}
