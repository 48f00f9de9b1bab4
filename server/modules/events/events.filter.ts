import { badInput } from '#server/errors/app-error.ts';
import { foldTurkish } from '#server/lib/turkish-text.ts';
import { endOfTurkeyDay, endOfTurkeyWeek } from '#server/lib/turkey-time.ts';
import type { Device, QuickFilter } from '#server/modules/enum-values.ts';
import { platformsOn } from './events.catalog.ts';

// The list filter a client sends (GraphQL `events(filter:)`, the REST lists), checked and turned into
// the discovery query's terms.
export type EventFilterInput = {
  mode?: 'physical' | 'online' | null;
  near?: { lat: number; lng: number } | null;
  radiusKm?: number | null;
  includePast?: boolean | null;
  bounds?: { south: number; west: number; north: number; east: number } | null;
  search?: string | null;
  category?: string | null;
  tags?: readonly string[] | null;
  timeWindow?: 'within_hour' | 'today' | 'this_week' | null;
  skillLevels?: readonly ('beginner' | 'intermediate' | 'advanced' | 'pro')[] | null;
  quick?: readonly QuickFilter[] | null;
  gameType?: string | null;
  platforms?: readonly string[] | null;
  devices?: readonly Device[] | null;
  voiceChat?: 'required' | 'optional' | 'not_required' | null;
};

export function checkFilter(filter: EventFilterInput | null | undefined, now: Date) {
  const near = filter?.near ?? undefined;
  if (near && (!(Math.abs(near.lat) <= 90) || !(Math.abs(near.lng) <= 180))) {
    throw badInput([{ field: 'filter.near', key: 'validation.latLng' }]);
  }
  const radiusKm = filter?.radiusKm ?? null;
  if (radiusKm !== null && !(radiusKm > 0 && radiusKm <= 1000)) {
    throw badInput([{ field: 'filter.radiusKm', key: 'validation.radius' }]);
  }
  const bounds = filter?.bounds ?? undefined;
  if (
    bounds &&
    !(
      Math.abs(bounds.south) <= 90 &&
      Math.abs(bounds.north) <= 90 &&
      Math.abs(bounds.west) <= 180 &&
      Math.abs(bounds.east) <= 180 &&
      bounds.south <= bounds.north &&
      bounds.west <= bounds.east
    )
  ) {
    throw badInput([{ field: 'filter.bounds', key: 'validation.bounds' }]);
  }
  const search = filter?.search?.trim() ?? '';
  if (search.length > 100) throw badInput([{ field: 'filter.search', key: 'validation.search' }]);
  const searchWords = foldTurkish(search)
    .split(/[\s,.;:!?()"'/\\-]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  let startsBefore: Date | undefined;
  let startsAfter: Date | undefined;
  switch (filter?.timeWindow) {
    case 'within_hour':
      startsAfter = now;
      startsBefore = new Date(now.getTime() + 3600_000);
      break;
    case 'today':
      startsBefore = endOfTurkeyDay(now);
      break;
    case 'this_week':
      startsBefore = endOfTurkeyWeek(now);
      break;
  }
  return {
    mode: filter?.mode ?? undefined,
    near,
    radiusKm,
    bounds,
    searchWords,
    category: filter?.category?.trim() || undefined,
    tags: filter?.tags?.length ? [...filter.tags] : undefined,
    startsBefore,
    startsAfter,
    skillLevels: filter?.skillLevels?.length ? [...filter.skillLevels] : undefined,
    quick: filter?.quick?.length ? [...new Set(filter.quick)] : undefined,
    gameType: filter?.gameType ?? undefined,
    platforms: platformFilter(filter),
    voiceChat: filter?.voiceChat ?? undefined,
    includePast: filter?.includePast ?? false,
  };
}

// Platforms asked for by id and by device: those that satisfy both.
function platformFilter(filter: EventFilterInput | null | undefined): string[] | undefined {
  const byId = filter?.platforms?.length ? [...filter.platforms] : undefined;
  if (!filter?.devices?.length) return byId;
  const onDevices = platformsOn(filter.devices);
  return byId ? byId.filter((p) => onDevices.includes(p)) : onDevices;
}
