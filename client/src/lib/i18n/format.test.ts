import { describe, expect, it } from 'vitest';
import { createFormatter, interpolate } from './format.ts';

describe('interpolate', () => {
  it('replaces named parameters and keeps unknown ones', () => {
    expect(interpolate('{count} etkinlik bulundu', { count: 3 })).toBe('3 etkinlik bulundu');
    expect(interpolate('Merhaba {name}, {missing}', { name: 'Ayşe' })).toBe('Merhaba Ayşe, {missing}');
    expect(interpolate('Sabit metin')).toBe('Sabit metin');
  });
});

describe('createFormatter (tr)', () => {
  const fmt = createFormatter('tr');

  it('formats numbers the Turkish way', () => {
    expect(fmt.number(1234567.5)).toBe('1.234.567,5');
    expect(fmt.distanceKm(2.345)).toBe('2,3');
    expect(fmt.distanceKm(12.7)).toBe('13');
  });

  it('writes small whole numbers as Intl does in both languages, around the thousands separator too', () => {
    for (const locale of ['tr', 'en'] as const) {
      const f = createFormatter(locale);
      const intl = new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB');
      const twoDecimals = new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
        maximumFractionDigits: 2,
      });
      for (const n of [0, 1, 7, 42, 999, 1000, 1234, 12.5, -3]) {
        expect(f.number(n)).toBe(intl.format(n));
        expect(f.number(n, { maximumFractionDigits: 2 })).toBe(twoDecimals.format(n));
      }
      expect(f.number(5, { minimumFractionDigits: 1 })).toBe(locale === 'tr' ? '5,0' : '5.0');
    }
    expect(fmt.number(1000)).toBe('1.000');
  });

  it('formats dates and times in Turkey’s time zone', () => {
    // 21:30 UTC is 00:30 the next day in Istanbul (UTC+3).
    const instant = '2026-03-14T21:30:00.000Z';
    expect(fmt.date(instant)).toBe('15 Mart 2026');
    expect(fmt.time(instant)).toBe('00:30');
  });

  it('formats percentages and currency', () => {
    expect(fmt.percent(20)).toBe('%20');
    expect(fmt.currency(9.99, 'USD')).toContain('9,99');
  });
});

describe('createFormatter (en)', () => {
  it('uses English month names', () => {
    expect(createFormatter('en').date('2026-03-14T10:00:00.000Z')).toBe('14 March 2026');
  });
});

describe('plural forms', () => {
  const events = '{count, plural, one {# event found} other {# events found}}';
  it('picks the form by the locale’s rules, also for formatted numbers', () => {
    expect(interpolate(events, { count: 1 }, 'en')).toBe('1 event found');
    expect(interpolate(events, { count: 0 }, 'en')).toBe('0 events found');
    expect(interpolate(events, { count: '1,234' }, 'en')).toBe('1,234 events found');
    expect(
      interpolate('{n, plural, =0 {none} one {one {what}} other {# {what}s}}', { n: 0, what: 'x' }, 'en'),
    ).toBe('none');
    expect(
      interpolate('{n, plural, =0 {none} one {one {what}} other {# {what}s}}', { n: 3, what: 'x' }, 'en'),
    ).toBe('3 xs');
  });
  it('leaves plain templates alone', () => {
    expect(interpolate('{count} etkinlik bulundu', { count: 1 }, 'tr')).toBe('1 etkinlik bulundu');
  });
});
