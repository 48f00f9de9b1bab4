import { describe, expect, it } from 'vitest';
import { clusterByDistance } from '#client/features/map/cluster.ts';

const pts = (list: [string, number, number][]) => list.map(([id, x, y]) => ({ id, x, y }));

describe('marker clustering', () => {
  it('keeps far markers apart', () => {
    const clusters = clusterByDistance(
      pts([
        ['a', 0, 0],
        ['b', 100, 0],
      ]),
      (p) => p,
      40,
    );
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([['a'], ['b']]);
  });
  it('joins close markers and centres the cluster on them', () => {
    const clusters = clusterByDistance(
      pts([
        ['a', 0, 0],
        ['b', 10, 0],
        ['c', 200, 200],
      ]),
      (p) => p,
      40,
    );
    expect(clusters).toHaveLength(2);
    expect(clusters[0].items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(clusters[0].center).toEqual({ x: 5, y: 0 });
  });
  it('puts a marker into the nearest cluster in reach', () => {
    const clusters = clusterByDistance(
      pts([
        ['a', 0, 0],
        ['b', 100, 0],
        ['c', 70, 0],
      ]),
      (p) => p,
      40,
    );
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([['a'], ['b', 'c']]);
  });
  it('handles no markers', () => {
    expect(clusterByDistance([], (p: { x: number; y: number }) => p, 40)).toEqual([]);
  });
});
