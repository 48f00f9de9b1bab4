import crypto from 'node:crypto';
import type { Tx } from '#db/client.ts';
import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { badInput } from '#server/errors/app-error.ts';
import { channels } from '#server/pubsub/channels.ts';
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts';
import { pageSize } from '#server/lib/paging.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { DURATIONS, ISTANBUL, ONLINE_CATEGORIES, PHYSICAL_CATEGORIES, PLATFORMS } from './events.catalog.ts';
import { endOfTurkeyDay, endOfTurkeyWeek, shiftDay, turkeyDay } from '#server/lib/turkey-time.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { eventStatus, roundToKilometre, type EventModel, type ViewerRole } from './events.mappers.ts';
import {
  createActivityQueries,
  createEventsRepository,
  type EventListQuery,
  type QuickFilter,
} from './events.repository.ts';
import { validateCreateEvent, validateUpdateEvent, type CreateEventValues } from './events.validation.ts';

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
  voiceChat?: 'required' | 'optional' | 'not_required' | null;
};

// The same folding as search_norm() in SQL: İ, I and ı to i, marks dropped, lower case.
export function foldSearchText(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

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

function checkFilter(filter: EventFilterInput | null | undefined, now: Date) {
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
  const searchWords = foldSearchText(search)
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
    platforms: filter?.platforms?.length ? [...filter.platforms] : undefined,
    voiceChat: filter?.voiceChat ?? undefined,
    includePast: filter?.includePast ?? false,
  };
}

// Columns written from validated values (create and update share this).
function columnsOf(v: CreateEventValues) {
  return {
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
    gameType: v.gameType,
    language: v.language,
  };
}

export function createEventsService(deps: Deps, tokens: TokensService, notifications: NotificationsService) {
  const repo = createEventsRepository(deps.db);
  const activity = createActivityQueries(deps.db);

  return {
    async createEvent(viewer: Viewer, input: unknown): Promise<{ event: EventRow; balanceAfter: number }> {
      const v = validateCreateEvent(input, deps.clock.now());
      const id = crypto.randomUUID();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const event = await repo.insert(tx, { id, hostId: viewer.id, mode: v.mode, ...columnsOf(v) });
        // The charge locks the host's row, so parallel creates queue and each sees the real balance;
        // when it fails the whole transaction, event included, rolls back.
        const charge = await tokens.chargeEventCreation(tx, afterCommit, viewer.id, id);
        deps.logger.info({ eventId: event.id, hostId: viewer.id, mode: event.mode }, 'event created');
        return { event, balanceAfter: charge.balanceAfter };
      });
    },

    // Host only, upcoming only. Validated as the whole resulting event; participants hear about
    // changes of time or place.
    async updateEvent(viewer: Viewer, input: { id: string } & Record<string, unknown>): Promise<EventRow> {
      if (!isUuid(input.id)) throw notFound('error.eventNotFound');
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const current = await repo.lockForUpdate(tx, input.id);
        // Someone else's event looks like no event at all.
        if (!current || current.hostId !== viewer.id) throw notFound('error.eventNotFound');
        if (eventStatus(current, now) !== 'upcoming')
          throw new AppError(ErrorCode.CONFLICT, 'event.notUpcoming');
        const v = validateUpdateEvent(current, input, now);
        if (v.maxParticipants < current.participantCount) {
          throw badInput([
            {
              field: 'input.maxParticipants',
              key: 'validation.capacityBelowParticipants',
              params: { count: current.participantCount },
            },
          ]);
        }
        const event = await repo.update(tx, current.id, columnsOf(v));
        const moved =
          event.startsAt.getTime() !== current.startsAt.getTime() ||
          event.endsAt.getTime() !== current.endsAt.getTime() ||
          event.lat !== current.lat ||
          event.lng !== current.lng ||
          event.platform !== current.platform;
        if (moved) {
          const audience = await repo.audience(tx, event.id);
          await notifications.notify(
            tx,
            afterCommit,
            audience.map((a) => ({
              userId: a.userId,
              type: 'event_updated' as const,
              eventId: event.id,
              actorId: viewer.id,
              data: { title: event.title },
            })),
          );
        }
        afterCommit(() =>
          deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'updated' }),
        );
        return event;
      });
    },

    // Host only. Participants and pending requesters are notified. The creation token comes back only
    // when the event had not started and nobody had been accepted (nobody's plans were affected).
    async cancelEvent(viewer: Viewer, input: { id: string; reason?: string | null }) {
      if (!isUuid(input.id)) throw notFound('error.eventNotFound');
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const current = await repo.lockForUpdate(tx, input.id);
        if (!current || current.hostId !== viewer.id) throw notFound('error.eventNotFound');
        if (current.cancelledAt) throw new AppError(ErrorCode.CONFLICT, 'event.alreadyCancelled');
        if (eventStatus(current, now) === 'completed')
          throw new AppError(ErrorCode.CONFLICT, 'event.alreadyOver');
        const event = await repo.update(tx, current.id, { cancelledAt: now });
        const audience = await repo.audience(tx, event.id);
        const reason = input.reason?.trim().slice(0, 300) || null;
        await notifications.notify(
          tx,
          afterCommit,
          audience.map((a) => ({
            userId: a.userId,
            type: 'event_cancelled' as const,
            eventId: event.id,
            actorId: viewer.id,
            joinRequestId: a.joinRequestId,
            data: { title: event.title, reason },
          })),
        );
        const refund = now < current.startsAt && current.participantCount === 0;
        let balanceAfter: number | null = null;
        if (refund)
          balanceAfter = (await tokens.refundEventCreation(tx, afterCommit, viewer.id, event.id))
            .balanceAfter;
        afterCommit(() =>
          deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'cancelled' }),
        );
        deps.logger.info({ eventId: event.id, refund }, 'event cancelled');
        return { event, tokenRefunded: refund, balanceAfter };
      });
    },

    async save(viewer: Viewer, eventId: string, saved: boolean): Promise<EventRow> {
      const [event] = await this.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (saved) await repo.save(viewer.id, event.id);
      else await repo.unsave(viewer.id, event.id);
      return event;
    },

    // A viewer counts once per Turkish day; the host never.
    async recordView(viewer: Viewer, eventId: string): Promise<boolean> {
      const [event] = await this.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (event.hostId === viewer.id) return false;
      return repo.recordView(event.id, viewer.id, turkeyDay(deps.clock.now()));
    },

    async recordShare(viewer: Viewer, eventId: string, channel: string): Promise<boolean> {
      const [event] = await this.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      await repo.recordShare(event.id, viewer.id, channel);
      return true;
    },

    // Host only (others get null).
    async analytics(viewer: Viewer, event: EventRow) {
      if (event.hostId !== viewer.id) return null;
      const a = await repo.analytics(event);
      // Every day from creation (at most 30 days back) to today, zeros included, for the chart.
      const today = turkeyDay(deps.clock.now());
      let day = turkeyDay(event.createdAt);
      const earliest = shiftDay(today, -29);
      if (day < earliest) day = earliest;
      const counts = new Map(a.byDay.map((d) => [d.date, d.count]));
      const viewsByDay: { date: string; count: number }[] = [];
      for (; day <= today; day = shiftDay(day, 1))
        viewsByDay.push({ date: day, count: counts.get(day) ?? 0 });
      const peak = a.byDay.reduce<{ date: string; count: number } | null>(
        (best, d) => (!best || d.count > best.count ? d : best),
        null,
      );
      return {
        views: a.views,
        viewsByDay,
        saves: a.saves,
        shares: a.shares,
        requests: a.requests,
        conversionRate: a.views > 0 ? Math.round((a.accepted / a.views) * 1000) / 1000 : null,
        medianResponseMinutes: a.median_minutes === null ? null : Math.round(a.median_minutes * 10) / 10,
        peakDay: peak?.date ?? null,
      };
    },

    async lobbyStats() {
      const popular = ONLINE_CATEGORIES.find((c) => c.name === 'Popüler Oyunlar')?.tags ?? [];
      const row = await repo.lobbyStats(deps.clock.now(), popular);
      return {
        activePlayers: row.active,
        gamesAvailable: row.games,
        matchSuccessRate: row.decided > 0 ? Math.round((row.accepted / row.decided) * 1000) / 1000 : null,
        averageHostRating: row.rating,
      };
    },

    catalog() {
      return {
        physical: PHYSICAL_CATEGORIES.map((c) => ({ ...c, tags: [...c.tags] })),
        online: ONLINE_CATEGORIES.map((c) => ({ ...c, tags: [...c.tags] })),
        platforms: [...PLATFORMS],
        durations: [...DURATIONS].map(([minutes, label]) => ({ minutes, label })),
      };
    },

    async mine(
      viewer: Viewer,
      args: {
        filter?: {
          role?: ViewerRole | null;
          active?: boolean | null;
          search?: string | null;
          status?: 'upcoming' | 'ongoing' | 'completed' | 'cancelled' | null;
        } | null;
        first?: number | null;
        after?: string | null;
      },
    ) {
      const limit = pageSize(args.first, 50);
      const f = args.filter ?? {};
      const after = args.after ? decodeCursor(args.after, isListCursor) : undefined;
      if (after && after.s === undefined) throw badInput([{ field: 'after', key: 'validation.cursor' }]);
      const role: 'host' | 'participant' | undefined =
        f.role === 'host'
          ? 'host'
          : f.role === 'participant' || f.role === 'requester'
            ? 'participant'
            : undefined;
      const query = {
        role,
        active: f.active ?? undefined,
        searchWords: foldSearchText(f.search?.trim().slice(0, 100) ?? '')
          .split(/\s+/)
          .filter(Boolean),
        status: f.status ?? undefined,
        now: deps.clock.now(),
        limit: limit + 1,
      };
      const rows = await repo.mine(viewer.id, {
        ...query,
        after: after ? { s: after.s!, id: after.id } : undefined,
      });
      const page = rows.slice(0, limit);
      const cursorOf = (e: EventRow) => encodeCursor({ s: e.startsAt.toISOString(), id: e.id });
      return {
        edges: page.map((node) => ({ cursor: cursorOf(node), node })),
        pageInfo: {
          hasNextPage: rows.length > limit,
          endCursor: page.length ? cursorOf(page.at(-1)!) : null,
        },
        totalCount: () => repo.mineCount(viewer.id, query),
      };
    },

    mineCounts: (viewer: Viewer) => repo.mineCounts(viewer.id),

    subscribeChanges: (eventId: string) => deps.pubsub.subscribe(channels.event(eventId)),

    // For services that change an event's participants: the row, locked until their transaction ends.
    lockEvent: (tx: Tx, id: string) => (isUuid(id) ? repo.lockForUpdate(tx, id) : Promise.resolve(undefined)),

    saveCounts: (eventIds: readonly string[]) => repo.saveCounts(eventIds),
    ratingsOf: (eventIds: readonly string[]) => repo.ratingsOf(eventIds),
    savedBy: (viewer: Viewer, eventIds: readonly string[]) => repo.savedBy(viewer.id, eventIds),

    // Ids that are not UUIDs cannot exist: answer "not found" rather than a database error.
    async byIds(ids: readonly string[]): Promise<EventRow[]> {
      return repo.findByIds(ids.filter(isUuid));
    },

    async list(
      viewer: Viewer,
      args: { filter?: EventFilterInput | null; first?: number | null; after?: string | null },
    ) {
      const limit = pageSize(args.first);
      const f = checkFilter(args.filter, deps.clock.now());
      const after = args.after ? decodeCursor(args.after, isListCursor) : undefined;
      // Blocks hide events both ways (a condition inside the list query itself).
      const query: EventListQuery = {
        ...f,
        viewerId: viewer.id,
        now: deps.clock.now(),
        limit: limit + 1,
        after,
      };
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
