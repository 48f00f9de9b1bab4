import type { Device, EventMode, GameType } from '#server/modules/enum-values.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { CATEGORY_ROWS, TAG_ROWS, type CategoryDef, type Label } from './events.catalog.data.ts';

// The events' vocabulary (spec §3): categories with their tags per mode, platforms, durations and the
// lobby's devices. Everything travels as a stable id; labels are translated (tr, en) where they leave
// the server. The Turkish label is also the spec's legacy string, which the REST shim keeps (ADR 023).
// Tag ids are the folded Turkish names, so the events' search text (built from the stored ids) still
// finds "halı saha" or "ders çalışma".

export type { CategoryDef, Label };
export type TagDef = { id: string; label: Label };
export type PlatformDef = { id: string; label: Label; devices: readonly Device[]; genre?: GameType };

export const TAGS: ReadonlyMap<string, TagDef> = new Map(
  TAG_ROWS.map(([id, tr, en]) => [id, { id, label: { tr, en } }]),
);
export const CATEGORIES: ReadonlyMap<string, CategoryDef> = new Map(CATEGORY_ROWS.map((c) => [c.id, c]));

// The lobby filters by device, the server by platform: a device selects the platforms that run on it.
// PC takes every PC launcher and game; consoles and phones the cross-platform games and "other".
export const PLATFORM_ROWS: readonly PlatformDef[] = [
  { id: 'steam', label: { tr: 'Steam', en: 'Steam' }, devices: ['pc'] },
  { id: 'discord', label: { tr: 'Discord', en: 'Discord' }, devices: ['pc'] },
  { id: 'valorant', label: { tr: 'Valorant', en: 'Valorant' }, devices: ['pc'], genre: 'fps' },
  {
    id: 'league-of-legends',
    label: { tr: 'League of Legends', en: 'League of Legends' },
    devices: ['pc'],
    genre: 'moba',
  },
  { id: 'among-us', label: { tr: 'Among Us', en: 'Among Us' }, devices: ['pc', 'mobile'], genre: 'party' },
  {
    id: 'minecraft',
    label: { tr: 'Minecraft', en: 'Minecraft' },
    devices: ['pc', 'playstation', 'xbox', 'mobile'],
    genre: 'mmo',
  },
  { id: 'cs2', label: { tr: 'CS2', en: 'CS2' }, devices: ['pc'], genre: 'fps' },
  { id: 'other', label: { tr: 'Diğer', en: 'Other' }, devices: ['playstation', 'xbox', 'mobile'] },
];
export const PLATFORMS: ReadonlyMap<string, PlatformDef> = new Map(PLATFORM_ROWS.map((p) => [p.id, p]));
// The spec's legacy platform names (REST) are the English labels.
const legacyPlatform = (p: PlatformDef) => p.label.en;

export const platformsOn = (devices: readonly Device[]): string[] =>
  PLATFORM_ROWS.filter((p) => p.devices.some((d) => devices.includes(d))).map((p) => p.id);

// What the server enforces on an event (the catalogue query hands these to clients).
export const EVENT_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  descriptionMin: 10,
  descriptionMax: 2000,
  tagsMax: 10,
  participantsMin: 2,
  participantsMax: 20,
  participantsDefault: 4,
} as const;

// Minutes -> label; 240 stands for "4+ saat". The Turkish labels are the spec's legacy strings.
export const DURATIONS: ReadonlyMap<number, Label> = new Map([
  [30, { tr: '30 dk', en: '30 min' }],
  [60, { tr: '1 saat', en: '1 hour' }],
  [90, { tr: '1.5 saat', en: '1.5 hours' }],
  [120, { tr: '2 saat', en: '2 hours' }],
  [180, { tr: '3 saat', en: '3 hours' }],
  [240, { tr: '4+ saat', en: '4+ hours' }],
]);

export type DurationModel = { minutes: number };

export function durationLabel(minutes: number, locale: Locale = 'tr'): string {
  return DURATIONS.get(minutes)?.[locale] ?? (locale === 'tr' ? `${minutes} dk` : `${minutes} min`);
}

// Definitions for stored ids. An id the catalogue no longer has (an old row) shows as itself.
export const categoryOf = (id: string, mode: EventMode): CategoryDef =>
  CATEGORIES.get(id) ?? { id, mode, icon: 'social', label: { tr: id, en: id }, tags: [] };
export const tagOf = (id: string): TagDef => TAGS.get(id) ?? { id, label: { tr: id, en: id } };
export const platformOf = (id: string): PlatformDef =>
  PLATFORMS.get(id) ?? { id, label: { tr: id, en: id }, devices: [] };

export const categoriesFor = (mode: EventMode): CategoryDef[] => CATEGORY_ROWS.filter((c) => c.mode === mode);

// Tags are checked against every list of the event's mode, so an online "popular-games" event may
// carry "ranked" from "game-modes".
export function tagsFor(mode: EventMode): ReadonlySet<string> {
  return new Set(categoriesFor(mode).flatMap((c) => c.tags));
}

// Legacy strings (the spec's REST payloads) <-> ids. Unknown values pass through unchanged, so the
// validation reports them as unknown.
const byLabel = <T>(
  rows: Iterable<T>,
  label: (row: T) => string,
  id: (row: T) => string,
  alias?: (row: T) => string,
) => {
  const map = new Map<string, string>();
  for (const row of rows) {
    // An English name too where the Turkish one changed since clients stored it ('Casual').
    if (alias) map.set(alias(row), id(row));
    map.set(label(row), id(row));
  }
  return (value: string) => map.get(value.trim()) ?? value;
};
export const legacy = {
  categoryId: byLabel(
    CATEGORY_ROWS,
    (c) => c.label.tr,
    (c) => c.id,
  ),
  tagId: byLabel(
    TAGS.values(),
    (t) => t.label.tr,
    (t) => t.id,
    (t) => t.label.en,
  ),
  platformId: byLabel(PLATFORM_ROWS, legacyPlatform, (p) => p.id),
  durationMinutes(label: string): number | undefined {
    for (const [minutes, text] of DURATIONS) if (text.tr === label.trim()) return minutes;
    return undefined;
  },
  category: (id: string) => CATEGORIES.get(id)?.label.tr ?? id,
  tag: (id: string) => TAGS.get(id)?.label.tr ?? id,
  platform: (id: string | null) => (id === null ? null : (PLATFORMS.get(id)?.label.en ?? id)),
};

// The lobby's game genres, from the game (a tag of "popular-games" or the platform).
const GAME_GENRES: Readonly<Record<string, GameType>> = {
  valorant: 'fps',
  'counter-strike-2': 'fps',
  'overwatch-2': 'fps',
  'rainbow-six-siege': 'fps',
  'league-of-legends': 'moba',
  'dota-2': 'moba',
  'mobile-legends': 'moba',
  pubg: 'battle_royale',
  fortnite: 'battle_royale',
  'apex-legends': 'battle_royale',
  minecraft: 'mmo',
  'gta-online': 'mmo',
  'among-us': 'party',
  'rocket-league': 'party',
  'ea-sports-fc': 'party',
  'brawl-stars': 'party',
};

export function gameTypeOf(tags: readonly string[], platform: string | null): GameType | null {
  for (const tag of tags) if (GAME_GENRES[tag]) return GAME_GENRES[tag];
  return platform ? (PLATFORMS.get(platform)?.genre ?? null) : null;
}

// Tag and category sets behind the quick chips (the schema's QuickFilter documents them).
export const COMPETITIVE_TAGS = ['ranked', 'turnuva'];
export const CHILL_TAGS = [
  'casual',
  'normal',
  'co-op',
  'kahve-sohbeti',
  'piknik',
  'film-gecesi',
  'online-sohbet',
];
export const CHILL_CATEGORIES = ['social', 'food', 'board-games', 'other-activities'];
export const STUDY_TAGS = ['ders-calisma', 'sinav-hazirligi', 'birlikte-kodlama', 'kodlama'];
export const STUDY_CATEGORY = 'study';

export const SOON_MINUTES = 180;
// 'Ucuz' (the spec's quick chip): free, or at most this many liras.
export const CHEAP_MAX_PRICE = 100;
export const NOW_PLAYING_MINUTES = 15;
