import crypto from 'node:crypto';
import type { Tx } from '#db/client.ts';
import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { badInput } from '#server/errors/app-error.ts';
import { channels } from '#server/pubsub/channels.ts';
import { isUuid } from '#server/lib/ids.ts';
import { foldTurkish } from '#server/lib/turkish-text.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { ISTANBUL } from '#server/modules/geo/geo.types.ts';
import { categoriesFor, DURATIONS, PLATFORM_ROWS } from './events.catalog.ts';
import { shiftDay, turkeyDay } from '#server/lib/turkey-time.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { BadgesService } from '#server/modules/badges/badges.service.ts';
import { eventStatus, roundToKilometre, type EventModel } from './events.mappers.ts';
import { isHost, requireHost, type ViewerRole } from '#server/auth/access.ts';
import { createEventsAnalytics } from './events-analytics.repository.ts';
import {
  createActivityQueries,
  createEventsDiscovery,
  type EventListQuery,
} from './events-discovery.repository.ts';
import { createEventsRepository } from './events.repository.ts';
import { checkFilter, type EventFilterInput } from './events.filter.ts';
import { validateCreateEvent, validateUpdateEvent, type CreateEventValues } from './events.validation.ts';

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

export function createEventsService(
  deps: Deps,
  tokens: TokensService,
  notifications: NotificationsService,
  badges: BadgesService,
) {
  const repo = createEventsRepository(deps.db);
  const discovery = createEventsDiscovery(deps.db);
  const counters = createEventsAnalytics(deps.db);
  const activity = createActivityQueries(deps.db);

  // Accepted participants and pending requesters hear about a change of the event.
  async function tellAudience(
    tx: Tx,
    afterCommit: AfterCommit,
    event: EventRow,
    actorId: string,
    type: 'event_updated' | 'event_cancelled',
    data: Record<string, unknown>,
  ) {
    const audience = await repo.audience(tx, event.id);
    await notifications.notify(
      tx,
      afterCommit,
      audience.map((a) => ({
        userId: a.userId,
        type,
        eventId: event.id,
        actorId,
        joinRequestId: a.joinRequestId,
        data: { title: event.title, ...data },
      })),
    );
  }

  // Marks a locked event cancelled; participants and pending requesters hear about it.
  async function cancelLocked(
    tx: Tx,
    afterCommit: AfterCommit,
    current: EventRow,
    actorId: string,
    reason: string | null,
    now: Date,
  ) {
    const event = await repo.update(tx, current.id, { cancelledAt: now });
    await tellAudience(tx, afterCommit, event, actorId, 'event_cancelled', { reason });
    afterCommit(() =>
      deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'cancelled' }),
    );
    return event;
  }

  return {
    // Part of deleting an account (the deletion's transaction): the user's events that have not
    // started are cancelled, as if the host had cancelled each. Returns how many.
    async cancelUpcomingHostedBy(tx: Tx, afterCommit: AfterCommit, host: { id: string }): Promise<number> {
      const now = deps.clock.now();
      const ids = await repo.upcomingHostedIds(tx, host.id, now);
      let cancelled = 0;
      for (const id of ids) {
        const current = await repo.lockForUpdate(tx, id);
        if (!current || current.cancelledAt || current.startsAt <= now) continue;
        await cancelLocked(tx, afterCommit, current, host.id, null, now);
        cancelled++;
      }
      return cancelled;
    },

    async createEvent(viewer: Viewer, input: unknown): Promise<{ event: EventRow; balanceAfter: number }> {
      const v = validateCreateEvent(input, deps.clock.now());
      const id = crypto.randomUUID();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const event = await repo.insert(tx, { id, hostId: viewer.id, mode: v.mode, ...columnsOf(v) });
        // The charge locks the host's row, so parallel creates queue and each sees the real balance;
        // when it fails the whole transaction, event included, rolls back.
        const charge = await tokens.chargeEventCreation(tx, afterCommit, viewer.id, id);
        // Hosting can earn badges (first event, five events, night owl …), in the same transaction.
        await badges.evaluate(tx, afterCommit, viewer.id);
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
        const current = requireHost(viewer, await repo.lockForUpdate(tx, input.id));
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
        if (moved) await tellAudience(tx, afterCommit, event, viewer.id, 'event_updated', {});
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
        const current = requireHost(viewer, await repo.lockForUpdate(tx, input.id));
        if (current.cancelledAt) throw new AppError(ErrorCode.CONFLICT, 'event.alreadyCancelled');
        if (eventStatus(current, now) === 'completed')
          throw new AppError(ErrorCode.CONFLICT, 'event.alreadyOver');
        const reason = input.reason?.trim().slice(0, 300) || null;
        const event = await cancelLocked(tx, afterCommit, current, viewer.id, reason, now);
        const refund = now < current.startsAt && current.participantCount === 0;
        let balanceAfter: number | null = null;
        if (refund)
          balanceAfter = (await tokens.refundEventCreation(tx, afterCommit, viewer.id, event.id))
            .balanceAfter;
        deps.logger.info({ eventId: event.id, refund }, 'event cancelled');
        return { event, tokenRefunded: refund, balanceAfter };
      });
    },

    async save(viewer: Viewer, eventId: string, saved: boolean): Promise<EventRow> {
      const [event] = await this.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (saved) await counters.save(viewer.id, event.id);
      else await counters.unsave(viewer.id, event.id);
      return event;
    },

    // A viewer counts once per Turkish day; the host never.
    async recordView(viewer: Viewer, eventId: string): Promise<boolean> {
      const [event] = await this.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (isHost(viewer, event)) return false;
      return counters.recordView(event.id, viewer.id, turkeyDay(deps.clock.now()));
    },

    // Once per user, channel and Turkish day (false: already counted today).
    async recordShare(viewer: Viewer, eventId: string, channel: string): Promise<boolean> {
      const [event] = await this.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      return counters.recordShare(event.id, viewer.id, channel, turkeyDay(deps.clock.now()));
    },

    // Host only (others get null).
    async analytics(viewer: Viewer, event: Pick<EventRow, 'id' | 'hostId' | 'createdAt'>) {
      if (!isHost(viewer, event)) return null;
      const a = await counters.analytics(event);
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
        autoDeclinedRequests: a.auto_declined,
        conversionRate: a.viewers > 0 ? Math.round((a.viewers_who_asked / a.viewers) * 1000) / 1000 : null,
        medianResponseMinutes: a.median_minutes === null ? null : Math.round(a.median_minutes * 10) / 10,
        peakDay: peak?.date ?? null,
      };
    },

    async lobbyStats() {
      const row = await counters.lobbyStats(deps.clock.now());
      return {
        activePlayers: row.active,
        gamesAvailable: row.games,
        matchSuccessRate: row.decided > 0 ? Math.round((row.accepted / row.decided) * 1000) / 1000 : null,
        averageHostRating: row.rating,
      };
    },

    catalog() {
      return {
        physical: categoriesFor('physical'),
        online: categoriesFor('online'),
        platforms: [...PLATFORM_ROWS],
        durations: [...DURATIONS.keys()].map((minutes) => ({ minutes })),
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
      const after = args.after ? decodeCursor(args.after, ['s']) : undefined;
      const role: 'host' | 'participant' | undefined =
        f.role === 'host'
          ? 'host'
          : f.role === 'participant' || f.role === 'requester'
            ? 'participant'
            : undefined;
      const query = {
        role,
        active: f.active ?? undefined,
        searchWords: foldTurkish(f.search?.trim().slice(0, 100) ?? '')
          .split(/\s+/)
          .filter(Boolean),
        status: f.status ?? undefined,
        now: deps.clock.now(),
        limit: limit + 1,
      };
      const rows = await discovery.mine(viewer.id, {
        ...query,
        after: after ? { s: after.s!, id: after.id } : undefined,
      });
      return {
        ...pageOf(rows, limit, (e) => ({ s: e.startsAt.toISOString(), id: e.id })),
        totalCount: () => discovery.mineCount(viewer.id, query),
      };
    },

    mineCounts: (viewer: Viewer) => discovery.mineCounts(viewer.id),

    subscribeChanges: (eventId: string) => deps.pubsub.subscribe(channels.event(eventId)),

    // For services that change an event's participants: the row, locked until their transaction ends.
    lockEvent: (tx: Tx, id: string) => (isUuid(id) ? repo.lockForUpdate(tx, id) : Promise.resolve(undefined)),

    saveCounts: (eventIds: readonly string[]) => counters.saveCounts(eventIds),
    ratingsOf: (eventIds: readonly string[]) => repo.ratingsOf(eventIds),
    savedBy: (viewer: Viewer, eventIds: readonly string[]) => counters.savedBy(viewer.id, eventIds),

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
      const after = args.after ? decodeCursor(args.after, f.near ? ['d'] : ['s']) : undefined;
      // Blocks hide events both ways (a condition inside the list query itself).
      const query: EventListQuery = {
        ...f,
        viewerId: viewer.id,
        now: deps.clock.now(),
        limit: limit + 1,
        after,
      };
      const rows = await discovery.list(query);
      return {
        ...pageOf(rows, limit, (e: EventModel) =>
          f.near ? { d: e.sortKey ?? 0, id: e.id } : { s: e.startsAt.toISOString(), id: e.id },
        ),
        totalCount: () => discovery.count({ ...query, after: undefined }),
        viewerId: viewer.id,
      };
    },

    relationsOf: (viewer: Viewer, eventIds: readonly string[]) => repo.relationsOf(viewer.id, eventIds),
    participantsOf: (eventIds: readonly string[]) => repo.participantsOf(eventIds),

    defaultCenter: () => ISTANBUL,

    // A user's hosted and joined events, newest first; others see what they may open.
    activityOf: (viewer: Viewer, userId: string, limit: number) =>
      activity.hostedAndJoined(userId, limit, viewer.id),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
