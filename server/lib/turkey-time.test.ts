import { describe, expect, it } from 'vitest';
import { fromTurkeyDateTime, isValidDate, toTurkeyDateTime } from './turkey-time.ts';

describe('Turkey time', () => {
  it('turns wall-clock time in Istanbul into the instant (UTC+3)', () => {
    expect(fromTurkeyDateTime('2026-12-01', '19:00')?.toISOString()).toBe('2026-12-01T16:00:00.000Z');
    expect(fromTurkeyDateTime('2026-07-15', '00:30')?.toISOString()).toBe('2026-07-14T21:30:00.000Z');
  });

  it('reads the local date and time of an instant', () => {
    expect(toTurkeyDateTime(new Date('2026-12-31T22:15:00Z'))).toEqual({ date: '2027-01-01', time: '01:15' });
  });

  it('follows the zone rules through the years Turkey still changed its clocks (2015: UTC+2/+3)', () => {
    expect(toTurkeyDateTime(new Date('2015-01-15T12:00:00Z'))).toEqual({ date: '2015-01-15', time: '14:00' });
    expect(toTurkeyDateTime(new Date('2015-07-01T12:00:00Z'))).toEqual({ date: '2015-07-01', time: '15:00' });
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Istanbul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // Every 37 minutes across 2015 (both clock changes included), against Intl itself.
    for (let t = Date.UTC(2015, 0, 1); t < Date.UTC(2016, 0, 1); t += 37 * 60_000) {
      const p = Object.fromEntries(intl.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
      expect(toTurkeyDateTime(new Date(t))).toEqual({
        date: `${p.year}-${p.month}-${p.day}`,
        time: `${p.hour}:${p.minute}`,
      });
    }
  });

  it('rejects dates and times that do not exist', () => {
    expect(fromTurkeyDateTime('2026-02-30', '10:00')).toBeUndefined();
    expect(fromTurkeyDateTime('2026-13-01', '10:00')).toBeUndefined();
    expect(fromTurkeyDateTime('2026-01-01', '24:00')).toBeUndefined();
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2027-02-29')).toBe(false);
  });
});

describe('Turkish calendar windows', () => {
  it('ends today at local midnight and the week on Sunday night', async () => {
    const { endOfTurkeyDay, endOfTurkeyWeek } = await import('./turkey-time.ts');
    // Saturday 2026-11-21 23:30 in Istanbul.
    const now = new Date('2026-11-21T20:30:00Z');
    expect(endOfTurkeyDay(now).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(endOfTurkeyWeek(now).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    // Sunday 10:00 → the week ends the same night; Monday 00:30 → next Sunday.
    expect(endOfTurkeyWeek(new Date('2026-11-22T07:00:00Z')).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(endOfTurkeyWeek(new Date('2026-11-22T21:30:00Z')).toISOString()).toBe('2026-11-29T21:00:00.000Z');
  });
});
