import crypto from 'node:crypto';
import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { badInput } from '#server/errors/app-error.ts';
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts';
import { pageSize } from '#server/lib/paging.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { ISTANBUL } from './events.catalog.ts';
import { roundToKilometre, type EventModel, type ViewerRole } from './events.mappers.ts';
import { createActivityQueries, createEventsRepository, type EventListQuery } from './events.repository.ts';
import { validateCreateEvent } from './events.validation.ts';

export type EventFilterInput = {
  mode?: 'physical' | 'online' | null;
  near?: { lat: number; lng: number } | null;
  radiusKm?: number | null;
  includePast?: boolean | null;
};

type ListCursor = { d?: number; s?: string; id: string };
const isListCursor = (v: unknown): v is ListCursor => {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as ListCursor;
  return (
    typeof c.id === 'string' &&
    /^[0-9a-f-]{36}$/i.test(c.id) &&
    (typeof c.d === 'number' || typeof c.s === 'string')
  );
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

function checkFilter(filter: EventFilterInput | null | undefined) {
  const near = filter?.near ?? undefined;
  if (near && (!(Math.abs(near.lat) <= 90) || !(Math.abs(near.lng) <= 180))) {
    throw badInput([{ field: 'filter.near', key: 'validation.latLng' }]);
  }
  const radiusKm = filter?.radiusKm ?? null;
  if (radiusKm !== null && !(radiusKm > 0 && radiusKm <= 1000)) {
    throw badInput([{ field: 'filter.radiusKm', key: 'validation.radius' }]);
  }
  return { mode: filter?.mode ?? undefined, near, radiusKm, includePast: filter?.includePast ?? false };
}

export function createEventsService(deps: Deps, tokens: TokensService) {
  const repo = createEventsRepository(deps.db);
  const activity = createActivityQueries(deps.db);

  return {
    async createEvent(viewer: Viewer, input: unknown): Promise<{ event: EventRow; balanceAfter: number }> {
      const v = validateCreateEvent(input, deps.clock.now());
      const id = crypto.randomUUID();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const event = await repo.insert(tx, {
          id,
          hostId: viewer.id,
          mode: v.mode,
          title: v.title,
          description: v.description,
          category: v.category,
          tags: v.tags,
          startsAt: v.startsAt,
          endsAt: v.endsAt,
          durationMinutes: v.durationMinutes,
          maxParticipants: v.maxParticipants,
          locationName: v.location?.name ?? null,
          address: v.location?.address ?? null,
          lat: v.location?.lat ?? null,
          lng: v.location?.lng ?? null,
          publicLocation: v.publicLocation,
          publicLat: v.location ? roundToKilometre(v.location.lat) : null,
          publicLng: v.location ? roundToKilometre(v.location.lng) : null,
          platform: v.platform,
          price: v.price,
          requirements: v.requirements,
          skillLevel: v.skillLevel,
          voiceChat: v.voiceChat,
        });
        // The charge locks the host's row, so parallel creates queue and each sees the real balance;
        // when it fails the whole transaction, event included, rolls back.
        const charge = await tokens.chargeEventCreation(tx, afterCommit, viewer.id, id);
        deps.logger.info({ eventId: event.id, hostId: viewer.id, mode: event.mode }, 'event created');
        return { event, balanceAfter: charge.balanceAfter };
      });
    },

    // Ids that are not UUIDs cannot exist: answer "not found" rather than a database error.
    async byIds(ids: readonly string[]): Promise<EventRow[]> {
      return repo.findByIds(ids.filter(isUuid));
    },

    async list(
      viewer: Viewer,
      args: { filter?: EventFilterInput | null; first?: number | null; after?: string | null },
    ) {
      const limit = pageSize(args.first);
      const f = checkFilter(args.filter);
      const after = args.after ? decodeCursor(args.after, isListCursor) : undefined;
      const query: EventListQuery = { ...f, now: deps.clock.now(), limit: limit + 1, after };
      const rows = await repo.list(query);
      const page = rows.slice(0, limit);
      const cursorOf = (e: EventModel) =>
        encodeCursor(f.near ? { d: e.sortKey ?? 0, id: e.id } : { s: e.startsAt.toISOString(), id: e.id });
      return {
        edges: page.map((node) => ({ cursor: cursorOf(node), node })),
        pageInfo: {
          hasNextPage: rows.length > limit,
          endCursor: page.length ? cursorOf(page.at(-1)!) : null,
        },
        totalCount: () => repo.count({ ...query, after: undefined }),
        viewerId: viewer.id,
      };
    },

    relationsOf: (viewer: Viewer, eventIds: readonly string[]) => repo.relationsOf(viewer.id, eventIds),
    participantsOf: (eventIds: readonly string[]) => repo.participantsOf(eventIds),

    roleOf(viewer: Viewer, event: EventRow, relation: 'participant' | 'requester' | undefined): ViewerRole {
      if (event.hostId === viewer.id) return 'host';
      return relation ?? 'none';
    },

    defaultCenter: () => ISTANBUL,

    // The viewer's own hosted and joined events, newest first.
    activityOf: (viewer: Viewer, limit: number) => activity.hostedAndJoined(viewer.id, limit),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
