import { describe, expect, it } from 'vitest';
import { quickTimeToDateTime, turkeyDateTime } from '#client/features/wizard/quickTime.ts';

// 2026-11-21 14:07:30 UTC is 17:07:30 in Istanbul (UTC+3 all year).
const now = new Date('2026-11-21T14:07:30Z');

describe('quick time options (Europe/Istanbul)', () => {
  it('reads the wall clock in Turkey', () => {
    expect(turkeyDateTime(new Date('2026-11-21T21:30:00Z'))).toEqual({ date: '2026-11-22', time: '00:30' });
  });
  it("'Şimdi' is now, rounded up to the next minute", () => {
    expect(quickTimeToDateTime('NOW', now)).toEqual({ date: '2026-11-21', time: '17:08' });
    expect(quickTimeToDateTime('NOW', new Date('2026-11-21T14:07:00Z'))).toEqual({
      date: '2026-11-21',
      time: '17:07',
    });
  });
  it('adds 15, 30, 60 and 120 minutes', () => {
    expect(quickTimeToDateTime('M15', now)?.time).toBe('17:23');
    expect(quickTimeToDateTime('M30', now)?.time).toBe('17:38');
    expect(quickTimeToDateTime('H1', now)?.time).toBe('18:08');
    expect(quickTimeToDateTime('H2', now)?.time).toBe('19:08');
  });
  it('crosses midnight in Turkey, not in UTC', () => {
    const late = new Date('2026-11-21T20:30:00Z'); // 23:30 in Istanbul
    expect(quickTimeToDateTime('H1', late)).toEqual({ date: '2026-11-22', time: '00:30' });
  });
  it("'Bu akşam 20:00' is today at 20:00, or tomorrow once 20:00 has passed", () => {
    expect(quickTimeToDateTime('EVENING', now)).toEqual({ date: '2026-11-21', time: '20:00' });
    expect(quickTimeToDateTime('EVENING', new Date('2026-11-21T17:30:00Z'))).toEqual({
      date: '2026-11-22',
      time: '20:00',
    });
  });
  it("'Yarın aynı saatte' is the same time tomorrow, across a month end", () => {
    expect(quickTimeToDateTime('TOMORROW', now)).toEqual({ date: '2026-11-22', time: '17:08' });
    expect(quickTimeToDateTime('TOMORROW', new Date('2026-11-30T09:00:00Z'))).toEqual({
      date: '2026-12-01',
      time: '12:00',
    });
  });
  it("'Özel' leaves the fields to the user", () => {
    expect(quickTimeToDateTime('CUSTOM', now)).toBeNull();
  });
});
