import type {
  Device,
  EventFilter,
  GameType,
  QuickFilter,
  SkillLevel,
  TimeWindow,
  VoiceChat,
} from '#client/__generated__/graphql.ts';

// The filter panels' state and how it becomes the `events(filter:)` argument.

export type LatLng = { lat: number; lng: number };
export type Bounds = { south: number; west: number; north: number; east: number };

export const DISTANCE_OPTIONS = [1, 5, 10] as const;
export type DistanceKm = (typeof DISTANCE_OPTIONS)[number];

export const TIME_WINDOWS: readonly TimeWindow[] = ['WITHIN_HOUR', 'TODAY', 'THIS_WEEK'];
export const PHYSICAL_SKILLS: readonly SkillLevel[] = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'];
export const LOBBY_SKILLS: readonly SkillLevel[] = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED', 'PRO'];

// Physical quick chips: Yakında, Ucuz (free or at most 100 ₺), Yeni Başlayanlar, Competitive, Chill,
// Study Buddy.
export const PHYSICAL_QUICK: readonly QuickFilter[] = [
  'SOON',
  'CHEAP',
  'BEGINNERS',
  'COMPETITIVE',
  'CHILL',
  'STUDY_BUDDY',
];

// Lobby quick chips: Now Playing, Competitive, Casual, Turkish, English, Mic Required, Newbie Friendly.
export const LOBBY_QUICK: readonly QuickFilter[] = [
  'NOW_PLAYING',
  'COMPETITIVE',
  'CHILL',
  'TURKISH',
  'ENGLISH',
  'MIC_REQUIRED',
  'BEGINNERS',
];

export const GAME_TYPES: readonly GameType[] = ['FPS', 'MOBA', 'BATTLE_ROYALE', 'MMO', 'PARTY'];
export const VOICE_OPTIONS: readonly VoiceChat[] = ['REQUIRED', 'OPTIONAL', 'NOT_REQUIRED'];

// The lobby filters by device; which platforms run on a device is the server's rule (filter.devices).
export const LOBBY_DEVICES: readonly Device[] = ['PC', 'PLAYSTATION', 'XBOX', 'MOBILE'];
export type LobbyDevice = Device;

export type PhysicalFilters = {
  search: string;
  category: string | null;
  radiusKm: DistanceKm | null;
  timeWindow: TimeWindow | null;
  skillLevels: SkillLevel[];
  quick: QuickFilter[];
};

export const EMPTY_PHYSICAL_FILTERS: PhysicalFilters = {
  search: '',
  category: null,
  radiusKm: null,
  timeWindow: null,
  skillLevels: [],
  quick: [],
};

export type LobbyFilters = {
  search: string;
  gameType: GameType | null;
  skillLevels: SkillLevel[];
  devices: LobbyDevice[];
  voiceChat: VoiceChat | null;
  quick: QuickFilter[];
};

export const EMPTY_LOBBY_FILTERS: LobbyFilters = {
  search: '',
  gameType: null,
  skillLevels: [],
  devices: [],
  voiceChat: null,
  quick: [],
};

// Rounded so tiny pans do not make new cache entries (about 1 m at 5 decimals).
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function physicalFilterVariables(
  filters: PhysicalFilters,
  view: { near: LatLng; bounds: Bounds | null },
): EventFilter {
  const filter: EventFilter = {
    mode: 'PHYSICAL',
    near: { lat: round5(view.near.lat), lng: round5(view.near.lng) },
  };
  if (view.bounds) {
    filter.bounds = {
      south: round5(view.bounds.south),
      west: round5(view.bounds.west),
      north: round5(view.bounds.north),
      east: round5(view.bounds.east),
    };
  }
  const search = filters.search.trim();
  if (search) filter.search = search;
  if (filters.category) filter.category = filters.category;
  if (filters.radiusKm != null) filter.radiusKm = filters.radiusKm;
  if (filters.timeWindow) filter.timeWindow = filters.timeWindow;
  if (filters.skillLevels.length) filter.skillLevels = [...filters.skillLevels];
  if (filters.quick.length) filter.quick = [...filters.quick];
  return filter;
}

export function lobbyFilterVariables(filters: LobbyFilters): EventFilter {
  const filter: EventFilter = { mode: 'ONLINE' };
  const search = filters.search.trim();
  if (search) filter.search = search;
  if (filters.gameType) filter.gameType = filters.gameType;
  if (filters.skillLevels.length) filter.skillLevels = [...filters.skillLevels];
  if (filters.devices.length) filter.devices = [...filters.devices];
  if (filters.voiceChat) filter.voiceChat = filters.voiceChat;
  if (filters.quick.length) filter.quick = [...filters.quick];
  return filter;
}

// How many filters are on (the badge on the collapsed panel's button); the search box is not counted.
export function activeFilterCount(filters: PhysicalFilters | LobbyFilters): number {
  let count = 0;
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'search') continue;
    if (Array.isArray(value)) count += value.length;
    else if (value != null) count += 1;
  }
  return count;
}

export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
