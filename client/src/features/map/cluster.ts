// Marker clustering on screen pixels: markers closer than `radius` pixels at the current zoom join
// one cluster, drawn at their pixel centroid. Greedy in input order; fine for the few hundred markers
// a map view holds.

export type Pixel = { x: number; y: number };
export type Cluster<T> = { items: T[]; center: Pixel };

export function clusterByDistance<T>(
  items: readonly T[],
  project: (item: T) => Pixel,
  radius: number,
): Cluster<T>[] {
  const clusters: { items: T[]; sumX: number; sumY: number; center: Pixel }[] = [];
  const r2 = radius * radius;
  for (const item of items) {
    const p = project(item);
    let target: (typeof clusters)[number] | undefined;
    let best = Infinity;
    for (const c of clusters) {
      const d = (c.center.x - p.x) ** 2 + (c.center.y - p.y) ** 2;
      if (d <= r2 && d < best) {
        best = d;
        target = c;
      }
    }
    if (target) {
      target.items.push(item);
      target.sumX += p.x;
      target.sumY += p.y;
      target.center = { x: target.sumX / target.items.length, y: target.sumY / target.items.length };
    } else {
      clusters.push({ items: [item], sumX: p.x, sumY: p.y, center: { ...p } });
    }
  }
  return clusters.map(({ items: members, center }) => ({ items: members, center }));
}
