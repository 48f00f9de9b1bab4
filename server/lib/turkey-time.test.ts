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

  it('rejects dates and times that do not exist', () => {
    expect(fromTurkeyDateTime('2026-02-30', '10:00')).toBeUndefined();
    expect(fromTurkeyDateTime('2026-13-01', '10:00')).toBeUndefined();
    expect(fromTurkeyDateTime('2026-01-01', '24:00')).toBeUndefined();
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2027-02-29')).toBe(false);
  });
});
