import { describe, expect, it } from 'vitest';
import { layoutBars, niceMax, ticks, yFor } from '#client/features/events/details/chartScale.ts';

describe('chart scaling', () => {
  it('rounds the maximum up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(48)).toBe(50);
    expect(niceMax(51)).toBe(100);
    expect(niceMax(200)).toBe(200);
  });
  it('makes whole-number ticks up to the nice maximum', () => {
    expect(ticks(7)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(ticks(2)).toEqual([0, 1, 2]);
    expect(ticks(0)).toEqual([0, 1]);
  });
  it('lays out one bar per day with proportional heights', () => {
    const { bars, max } = layoutBars(
      [
        { date: '2026-11-19', count: 0 },
        { date: '2026-11-20', count: 5 },
        { date: '2026-11-21', count: 10 },
      ],
      { width: 300, height: 100, gap: 0 },
    );
    expect(max).toBe(10);
    expect(bars.map((b) => b.height)).toEqual([0, 50, 100]);
    expect(bars.map((b) => b.y)).toEqual([100, 50, 0]);
    expect(bars.map((b) => b.x)).toEqual([0, 100, 200]);
    expect(bars[0].width).toBe(100);
  });
  it('keeps bars at most maxBarWidth wide, centred in their slot', () => {
    const { bars } = layoutBars([{ date: '2026-11-21', count: 3 }], {
      width: 600,
      height: 100,
      gap: 4,
      maxBarWidth: 40,
    });
    expect(bars[0].width).toBe(40);
    expect(bars[0].x).toBe(280);
  });
  it('handles no data', () => {
    expect(layoutBars([], { width: 100, height: 50 })).toEqual({ bars: [], max: 1 });
  });
  it('maps values to y', () => {
    expect(yFor(5, 10, 200)).toBe(100);
  });
});
