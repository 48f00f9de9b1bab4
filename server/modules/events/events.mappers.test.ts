import { describe, expect, it } from 'vitest';
import {
  eventStatus,
  featuredFirst,
  PUBLIC_OFFSET_MAX,
  publicPoint,
  roundToKilometre,
  timeLeftText,
} from './events.mappers.ts';

const at = (iso: string) => new Date(iso);
const event = { startsAt: at('2026-11-21T18:00:00Z'), endsAt: at('2026-11-21T19:30:00Z'), cancelledAt: null };

describe('event mappers', () => {
  it('derives the status from time', () => {
    expect(eventStatus(event, at('2026-11-21T17:59:00Z'))).toBe('upcoming');
    expect(eventStatus(event, at('2026-11-21T18:00:00Z'))).toBe('ongoing');
    expect(eventStatus(event, at('2026-11-21T19:30:00Z'))).toBe('completed');
    expect(
      eventStatus({ ...event, cancelledAt: at('2026-11-20T10:00:00Z') }, at('2026-11-21T10:00:00Z')),
    ).toBe('cancelled');
  });

  it('rounds coordinates to about a kilometre', () => {
    expect(roundToKilometre(40.98335)).toBe(40.98);
    expect(roundToKilometre(29.02541)).toBe(29.03);
  });

  it('moves the public point off the grid by a stable per-event offset inside its cell', () => {
    const secret = Buffer.alloc(32, 7);
    const exact = { lat: 40.98335, lng: 29.02541 };
    const ids = Array.from(
      { length: 200 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const points = ids.map((id) => publicPoint(exact, id, secret));
    for (const p of points) {
      // Inside the cell around (40.98, 29.03), never on the grid line itself.
      expect(Math.abs(p.lat - 40.98)).toBeLessThanOrEqual(PUBLIC_OFFSET_MAX + 1e-9);
      expect(Math.abs(p.lng - 29.03)).toBeLessThanOrEqual(PUBLIC_OFFSET_MAX + 1e-9);
    }
    // Events in one cell part: (almost) every point differs, and they spread over the cell.
    expect(new Set(points.map((p) => `${p.lat},${p.lng}`)).size).toBe(200);
    expect(Math.max(...points.map((p) => p.lat)) - Math.min(...points.map((p) => p.lat))).toBeGreaterThan(
      0.006,
    );
    // Stable: the same event and secret give the same point; the exact point inside the cell does not
    // change it (it reveals nothing about where in the cell the event is).
    expect(publicPoint(exact, ids[0], secret)).toEqual(points[0]);
    expect(publicPoint({ lat: 40.9762, lng: 29.0339 }, ids[0], secret)).toEqual(points[0]);
    // Another secret, another offset: it cannot be computed without the server's secret.
    expect(publicPoint(exact, ids[0], Buffer.alloc(32, 8))).not.toEqual(points[0]);
  });

  it('writes the time left in Turkish', () => {
    expect(timeLeftText(event, at('2026-11-21T17:15:00Z'))).toBe('45 dk');
    expect(timeLeftText(event, at('2026-11-21T15:30:00Z'))).toBe('2 saat 30 dk');
    expect(timeLeftText(event, at('2026-11-19T16:00:00Z'))).toBe('2 gün 2 saat');
    expect(timeLeftText(event, at('2026-11-21T18:30:00Z'))).toBe('Başladı');
    expect(timeLeftText(event, at('2026-11-22T18:30:00Z'))).toBe('Bitti');
  });
});

describe('featuredFirst (priority listing within a page)', () => {
  const page = (flags: string) => [...flags].map((f, i) => ({ id: i, featured: f === 'F' }));
  const order = (items: { id: number }[]) => items.map((e) => e.id).join('');

  it('moves featured events to the top in their own order, the rest keep theirs', () => {
    expect(order(featuredFirst(page('nnFnF'), (e) => e.featured))).toBe('24013');
    expect(order(featuredFirst(page('nnn'), (e) => e.featured))).toBe('012');
  });

  it('lifts at most three a page, so a page is never all sponsored', () => {
    expect(order(featuredFirst(page('nFFFFn'), (e) => e.featured))).toBe('123045');
  });
});
