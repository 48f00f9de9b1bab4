import crypto from 'node:crypto';
import type { AutoApprovalRules, EventRow, ParticipantRow } from '#db/schema/index.ts';
import { seesExactPlace, type ViewerRole } from '#server/auth/access.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';

// What an event's GraphQL fields read: the row without the columns only SQL uses (the search text,
// the earth point), nor bookkeeping no field shows. Lists select exactly these (events.repository.ts).
export const EVENT_SQL_ONLY_COLUMNS = [
  'searchText',
  'publicEarth',
  'rewardsSettledAt',
  'isDemo',
  'updatedAt',
  'hostHiddenUntil',
] as const;
export type EventFields = Omit<EventRow, (typeof EVENT_SQL_ONLY_COLUMNS)[number]>;
// distanceKm: from the query's point; sortKey: the chord it was ordered by (for cursors); featured:
// the host has priority listing (ADR 038), known when a list page selected it.
export type EventModel = EventFields & { distanceKm?: number | null; sortKey?: number; featured?: boolean };

// Priority listing within one page (ADR 038): up to FEATURED_PER_PAGE events of featured hosts move
// to the top, in their own order; the rest keep theirs. Pages, cursors and the query's order (nearest
// or soonest first) stay as they are.
export const FEATURED_PER_PAGE = 3;
export function featuredFirst<T>(page: readonly T[], featured: (item: T) => boolean): T[] {
  const first: T[] = [];
  const rest: T[] = [];
  for (const item of page) (featured(item) && first.length < FEATURED_PER_PAGE ? first : rest).push(item);
  return first.length === 0 ? [...page] : [...first, ...rest];
}
export type EventLocationModel = {
  name: string | null;
  address: string | null;
  lat: number;
  lng: number;
  exact: boolean;
};
export type ParticipantModel = ParticipantRow;
// An event in a user's activity (User.activity).
export type ActivityModel = { type: 'hosted' | 'joined'; event: EventRow };
export type EventStatus = 'upcoming' | 'ongoing' | 'completed' | 'cancelled';

export function eventStatus(
  e: Pick<EventRow, 'startsAt' | 'endsAt' | 'cancelledAt'>,
  now: Date,
): EventStatus {
  if (e.cancelledAt) return 'cancelled';
  if (now < e.startsAt) return 'upcoming';
  if (now < e.endsAt) return 'ongoing';
  return 'completed';
}

// About 1 km: a 0.01° grid (1.1 km north-south, 0.85 km east-west at Istanbul's latitude).
export function roundToKilometre(value: number): number {
  return Math.round(value * 100) / 100;
}

// How far inside its 0.01° cell a public point may sit from the cell's centre (ADR 040).
export const PUBLIC_OFFSET_MAX = 0.004;

// The public point (ADR 005, 040): the exact point's 0.01° cell, moved inside the cell by an offset
// that depends only on the event id and a server secret. Markers leave the visible grid, two events in
// one cell part, and the offset says nothing about where in the cell the exact point is.
export function publicPoint(
  exact: { lat: number; lng: number },
  eventId: string,
  secret: Buffer,
): { lat: number; lng: number } {
  const digest = crypto.createHmac('sha256', secret).update(`public-point:${eventId}`).digest();
  const unit = (offset: number) => digest.readUInt32BE(offset) / 0xffffffff; // 0..1
  const shift = (u: number) => (u * 2 - 1) * PUBLIC_OFFSET_MAX;
  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    lat: round6(roundToKilometre(exact.lat) + shift(unit(0))),
    lng: round6(roundToKilometre(exact.lng) + shift(unit(4))),
  };
}

export function eventLocation(e: EventFields, role: ViewerRole): EventLocationModel | null {
  if (e.mode !== 'physical' || e.publicLat === null || e.publicLng === null) return null;
  if (seesExactPlace(role) && e.lat !== null && e.lng !== null) {
    return { name: e.locationName, address: e.address, lat: e.lat, lng: e.lng, exact: true };
  }
  return { name: null, address: null, lat: e.publicLat, lng: e.publicLng, exact: false };
}

export function minutesUntil(date: Date, now: Date): number {
  return Math.round((date.getTime() - now.getTime()) / 60_000);
}

const TIME_WORDS = {
  tr: { cancelled: 'İptal edildi', ongoing: 'Başladı', completed: 'Bitti', d: 'gün', h: 'saat', m: 'dk' },
  en: { cancelled: 'Cancelled', ongoing: 'Started', completed: 'Over', d: 'd', h: 'h', m: 'min' },
} as const;

// "2 gün 3 saat", "45 dk", "Başladı", "Bitti" - the list cards' time left (Turkish unless asked).
export function timeLeftText(
  e: Pick<EventRow, 'startsAt' | 'endsAt' | 'cancelledAt'>,
  now: Date,
  locale: 'tr' | 'en' = 'tr',
): string {
  const w = TIME_WORDS[locale];
  const status = eventStatus(e, now);
  if (status !== 'upcoming') return w[status];
  const minutes = Math.max(1, minutesUntil(e.startsAt, now));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} ${w.d} ${hours} ${w.h}` : `${days} ${w.d}`;
  if (hours > 0) return mins > 0 ? `${hours} ${w.h} ${mins} ${w.m}` : `${hours} ${w.h}`;
  return `${mins} ${w.m}`;
}

export function localDateTime(e: Pick<EventRow, 'startsAt'>) {
  return toTurkeyDateTime(e.startsAt);
}

export type EventConnectionModel = {
  edges: { cursor: string; node: EventModel }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  // Counted only when a client asks for it.
  totalCount: () => Promise<number>;
};

// The host's automatic approval rules as stored (ADR 045).
export type AutoApprovalModel = AutoApprovalRules;
