import { describe, expect, it } from 'vitest';
import { createFormatter } from '#client/lib/i18n/format.ts';
import { freeSlots, priceText, ratingText, shareText } from '#client/lib/format.ts';

const tr = createFormatter('tr');
const en = createFormatter('en');

describe('free slots', () => {
  it('is max minus current', () => {
    expect(freeSlots(4, 1)).toBe(3);
    expect(freeSlots(20, 20)).toBe(0);
  });
  it('never goes below zero', () => {
    expect(freeSlots(4, 6)).toBe(0);
  });
  it('falls back to 1 when a number is missing', () => {
    expect(freeSlots(null, 2)).toBe(1);
    expect(freeSlots(5, undefined)).toBe(1);
  });
});

describe('price', () => {
  it("shows 'Ücretsiz' for 0", () => {
    expect(priceText(0, tr, 'Ücretsiz')).toBe('Ücretsiz');
  });
  it('shows the amount in TL in Turkish number format', () => {
    expect(priceText(150, tr, 'Ücretsiz')).toBe('150 TL');
    expect(priceText(1250.5, tr, 'Ücretsiz')).toBe('1.250,5 TL');
    expect(priceText(1250.5, en, 'Free')).toBe('1,250.5 TL');
  });
});

describe('stats', () => {
  it('formats ratings with one decimal, dash for null', () => {
    expect(ratingText(4.8, tr)).toBe('4,8');
    expect(ratingText(null, tr)).toBe('—');
  });
  it('formats shares as percentages, dash for null', () => {
    expect(shareText(0.92, tr)).toBe('%92');
    expect(shareText(null, tr)).toBe('—');
  });
});
