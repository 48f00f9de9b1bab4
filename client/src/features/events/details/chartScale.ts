// Scales for the analytics bar chart (views per day), drawn as plain SVG.

// The smallest "nice" number (1, 2, 5 × 10^n) at or above the maximum, so the axis ends on a round value.
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const exponent = Math.floor(Math.log10(max));
  const base = 10 ** exponent;
  for (const step of [1, 2, 5, 10]) if (step * base >= max) return step * base;
  return 10 * base;
}

// Whole-number ticks from 0 to the nice maximum, in 4, 5 or 2 equal steps when they divide it.
export function ticks(max: number): number[] {
  const top = niceMax(max);
  const divisions = [4, 5, 2].find((d) => top % d === 0) ?? 1;
  return Array.from({ length: divisions + 1 }, (_, i) => (top / divisions) * i);
}

export type Bar = { x: number; y: number; width: number; height: number; value: number; label: string };

export type ChartBox = { width: number; height: number; gap?: number; maxBarWidth?: number };

// One bar per day, left to right; heights proportional to the count against the nice maximum.
export function layoutBars(
  points: { date: string; count: number }[],
  box: ChartBox,
): { bars: Bar[]; max: number } {
  const max = niceMax(Math.max(0, ...points.map((p) => p.count)));
  if (points.length === 0) return { bars: [], max };
  const gap = box.gap ?? 2;
  const slot = box.width / points.length;
  // Few days make wide slots: the bar keeps a readable width, centred in its slot.
  const width = Math.max(1, Math.min(slot - gap, box.maxBarWidth ?? Infinity));
  const bars = points.map((p, i) => {
    const height = (Math.max(0, p.count) / max) * box.height;
    const x = i * slot + (slot - width) / 2;
    return { x, y: box.height - height, width, height, value: p.count, label: p.date };
  });
  return { bars, max };
}

// The y coordinate of a value on the axis.
export function yFor(value: number, max: number, height: number): number {
  return height - (value / max) * height;
}
