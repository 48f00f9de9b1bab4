import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, groupByDay } from './messageDays.ts';

const labels = { today: 'Bugün', yesterday: 'Dün' };
// 10 May 2026, 15:00 in Istanbul (UTC+3).
const now = new Date('2026-05-10T12:00:00Z');

describe('dayKey', () => {
  it('uses the calendar day in Turkey, not UTC', () => {
    expect(dayKey('2026-05-09T20:59:00Z')).toBe('2026-05-09');
    // 00:30 on the 10th in Istanbul is still the 9th in UTC.
    expect(dayKey('2026-05-09T21:30:00Z')).toBe('2026-05-10');
  });
});

describe('groupByDay', () => {
  it('cuts oldest-first messages into runs of one day', () => {
    const messages = [
      { id: 'a', createdAt: '2026-05-08T10:00:00Z' },
      { id: 'b', createdAt: '2026-05-08T20:00:00Z' },
      { id: 'c', createdAt: '2026-05-09T21:30:00Z' },
      { id: 'd', createdAt: '2026-05-10T09:00:00Z' },
    ];
    expect(groupByDay(messages).map((g) => [g.key, g.items.map((m) => m.id)])).toEqual([
      ['2026-05-08', ['a', 'b']],
      ['2026-05-10', ['c', 'd']],
    ]);
  });

  it('returns nothing for no messages', () => {
    expect(groupByDay([])).toEqual([]);
  });
});

describe('dayLabel', () => {
  it('says today and yesterday', () => {
    expect(dayLabel('2026-05-10', 'tr', labels, now)).toBe('Bugün');
    expect(dayLabel('2026-05-09', 'tr', labels, now)).toBe('Dün');
  });

  it('names the weekday within the last week, in Turkish', () => {
    // 6 May 2026 is a Wednesday.
    expect(dayLabel('2026-05-06', 'tr', labels, now)).toBe('Çarşamba');
    expect(dayLabel('2026-05-06', 'en', labels, now)).toBe('Wednesday');
  });

  it('gives the date with the weekday further back, and the year only for other years', () => {
    expect(dayLabel('2026-03-10', 'tr', labels, now)).toBe('10 Mart Salı');
    expect(dayLabel('2025-12-31', 'tr', labels, now)).toBe('31 Aralık 2025 Çarşamba');
  });
});
