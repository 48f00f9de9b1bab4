import { describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo.ts';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo (tr)', () => {
  it('says "şimdi" for the last seconds and for times a little in the future', () => {
    expect(timeAgo(ago(10), 'tr', now)).toBe('şimdi');
    expect(timeAgo(ago(-30), 'tr', now)).toBe('şimdi');
  });

  it('counts minutes, hours and days in Turkish', () => {
    expect(timeAgo(ago(60), 'tr', now)).toBe('1 dakika önce');
    expect(timeAgo(ago(5 * 60), 'tr', now)).toBe('5 dakika önce');
    expect(timeAgo(ago(2 * 3600), 'tr', now)).toBe('2 saat önce');
    expect(timeAgo(ago(26 * 3600), 'tr', now)).toBe('dün');
    expect(timeAgo(ago(3 * 86400), 'tr', now)).toBe('3 gün önce');
  });

  it('moves to weeks, months and years', () => {
    expect(timeAgo(ago(14 * 86400), 'tr', now)).toBe('2 hafta önce');
    expect(timeAgo(ago(120 * 86400), 'tr', now)).toBe('4 ay önce');
    expect(timeAgo(ago(400 * 86400), 'tr', now)).toBe('geçen yıl');
    expect(timeAgo(ago(3 * 365 * 86400), 'tr', now)).toBe('3 yıl önce');
  });

  it('accepts ISO strings as the API sends them', () => {
    expect(timeAgo('2026-05-10T11:20:00.000Z', 'tr', now)).toBe('40 dakika önce');
    expect(timeAgo('2026-05-10T11:15:00.000Z', 'tr', now)).toBe('1 saat önce');
  });
});

describe('timeAgo (en)', () => {
  it('speaks English when the interface does', () => {
    expect(timeAgo(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(timeAgo(ago(26 * 3600), 'en', now)).toBe('yesterday');
  });
});
