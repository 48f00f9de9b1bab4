import type { Formatter } from '#client/lib/i18n/format.ts';

// Free places: maximum minus current (spec §9), never below 0; 1 when the numbers are missing.
export function freeSlots(max: number | null | undefined, current: number | null | undefined): number {
  if (max == null || current == null || Number.isNaN(max) || Number.isNaN(current)) return 1;
  return Math.max(0, max - current);
}

// 'Ücretsiz' when the price is 0, otherwise the amount in TL in the UI's number format ("1.250,5 TL").
export function priceText(price: number, fmt: Formatter, freeLabel: string): string {
  if (!price) return freeLabel;
  return `${fmt.number(price, { maximumFractionDigits: 2 })} TL`;
}

export const DASH = '—';

// One decimal, e.g. "4,8" in Turkish; '—' when there is no value.
export function ratingText(rating: number | null | undefined, fmt: Formatter): string {
  return rating == null ? DASH : fmt.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

// A 0..1 share as a whole percentage ("%92" in Turkish); '—' when there is no value.
export function shareText(rate: number | null | undefined, fmt: Formatter, digits = 0): string {
  return rate == null ? DASH : fmt.number(rate, { style: 'percent', maximumFractionDigits: digits });
}

export function countText(count: number | null | undefined, fmt: Formatter): string {
  return count == null ? DASH : fmt.number(count);
}
