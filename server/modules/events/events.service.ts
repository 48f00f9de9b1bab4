import crypto from 'node:crypto';
import type { Tx } from '#db/client.ts';
import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { channels } from '#server/pubsub/channels.ts';
import { isUuid } from '#server/lib/ids.ts';
import { foldTurkish } from '#server/lib/turkish-text.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import { ISTANBUL } from '#server/modules/geo/geo.types.ts';
import { categoriesFor, DURATIONS, PLATFORM_ROWS } from './events.catalog.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { BadgesService } from '#server/modules/badges/badges.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { EventDraftsService } from './event-drafts.service.ts';
import { eventStatus, featuredFirst, type EventModel } from './events.mappers.ts';
import { columnsOf, createEventChanges, type CapacityHook } from './events-changes.service.ts';
import { createEventSeries } from './events-series.service.ts';
import { requireHost, type ViewerRole } from '#server/auth/access.ts';
import { createEventsActivity } from './events-activity.service.ts';
import {
  createActivityQueries,
  createEventsDiscovery,
  type EventListQuery,
} from './events-discovery.repository.ts';
import { createEventsRepository } from './events.repository.ts';
import { checkFilter, type EventFilterInput } from './events.filter.ts';
import { validateCreateEvent } from './events.validation.ts';

export function createEventsService(
  deps: Deps,
  tokens: TokensService,
  notifications: NotificationsService,
  badges: BadgesService,
  users: UsersService,
  drafts: EventDraftsService,
  gate: TrustGate,
) {
  const repo = createEventsRepository(deps.db);
  const discovery = createEventsDiscovery(deps.db);
  const activity = createActivityQueries(deps.db);
  const changes = createEventChanges(deps, { notifications, users, gate });
  const { cancelLocked, publicSecret } = changes;
  const series = createEventSeries(deps, { tokens, badges, drafts, gate, changes });

  // Ids that are not UUIDs cannot exist: answer "not found" rather than a database error.
  const byIds = (ids: readonly string[]): Promise<EventRow[]> => repo.findByIds(ids.filter(isUuid));

  return {
    ...createEventsActivity(deps, byIds),
    // A moderator's cancellation (or the removal of an event's text), in the action's transaction:
    // participants and pending requesters are told as for a host's cancellation; no token refund.
    async cancelForModeration(
      tx: Tx,
      afterCommit: AfterCommit,
      eventId: string | null,
      _moderatorId: string | null,
      reason: string,
    ): Promise<{ hostId: string } | null> {
      if (!eventId || !isUuid(eventId)) return null;
      const current = await repo.lockForUpdate(tx, eventId);
      if (!current) return null;
      if (!current.cancelledAt)
        await cancelLocked(tx, afterCommit, current, current.hostId, reason, deps.clock.now());
      deps.logger.info({ eventId }, 'event cancelled by moderation');
      return { hostId: current.hostId };
    },

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
      const draftId = (input as { draftId?: unknown } | null)?.draftId;
      const screenings = await changes.screenTexts(viewer, v);
      // A recurring series: every occurrence at once, one token (ADR 048).
      if (v.recurrence) return series.create(viewer, { ...v, recurrence: v.recurrence }, draftId, screenings);
      const id = crypto.randomUUID();
      const secret = await publicSecret();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        // Publishing a draft: it goes in this transaction, or nothing happens (ADR 037).
        if (typeof draftId === 'string') await drafts.consume(tx, viewer, draftId);
        const event = await repo.insert(tx, {
          id,
          hostId: viewer.id,
          mode: v.mode,
          ...columnsOf(v, id, secret),
        });
        await gate.recordAll(tx, screenings, { subjectId: id, eventId: id });
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
    // changes of time or place. In a series, FOLLOWING changes every later occurrence too.
    async updateEvent(
      viewer: Viewer,
      input: { id: string; scope?: 'this' | 'following' | null } & Record<string, unknown>,
    ): Promise<EventRow> {
      const { scope, ...changesOnly } = input;
      if (scope === 'following') return series.updateFollowing(viewer, changesOnly);
      if (!isUuid(input.id)) throw notFound('error.eventNotFound');
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const current = requireHost(viewer, await repo.lockForUpdate(tx, input.id));
        return changes.updateLocked(tx, afterCommit, viewer, current, changesOnly, now);
      });
    },

    // Host only. Participants and pending requesters are notified. The creation token comes back only
    // when the event had not started and nobody had been accepted (nobody's plans were affected); a
    // series' token only when all of it is off that way (ADR 048).
    async cancelEvent(
      viewer: Viewer,
      input: { id: string; reason?: string | null; scope?: 'this' | 'following' | null },
    ) {
      if (input.scope === 'following') return series.cancelFollowing(viewer, input);
      if (!isUuid(input.id)) throw notFound('error.eventNotFound');
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const current = requireHost(viewer, await repo.lockForUpdate(tx, input.id));
        if (current.cancelledAt) throw new AppError(ErrorCode.CONFLICT, 'event.alreadyCancelled');
        if (eventStatus(current, now) === 'completed')
          throw new AppError(ErrorCode.CONFLICT, 'event.alreadyOver');
        const reason = input.reason?.trim().slice(0, 300) || null;
        const event = await cancelLocked(tx, afterCommit, current, viewer.id, reason, now);
        let balanceAfter: number | null = null;
        let refund: boolean;
        if (current.seriesId) {
          const entry = await series.refundIfAllOff(tx, afterCommit, viewer, event);
          refund = entry !== null;
          balanceAfter = entry?.balanceAfter ?? null;
        } else {
          refund = now < current.startsAt && current.participantCount === 0;
          if (refund)
            balanceAfter = (await tokens.refundEventCreation(tx, afterCommit, viewer.id, event.id))
              .balanceAfter;
        }
        deps.logger.info({ eventId: event.id, refund }, 'event cancelled');
        return { event, tokenRefunded: refund, balanceAfter };
      });
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
    onCapacityRaised: (hook: CapacityHook) => changes.onCapacityRaised(hook),
    seriesByIds: (ids: readonly string[]) => series.byIds(ids),
    occurrencesOf: (seriesId: string) => series.occurrences(seriesId),

    lockEvent: (tx: Tx, id: string) => (isUuid(id) ? repo.lockForUpdate(tx, id) : Promise.resolve(undefined)),

    ratingsOf: (eventIds: readonly string[]) => repo.ratingsOf(eventIds),

    byIds,

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
      const page = pageOf(rows, limit, (e: EventModel) =>
        f.near ? { d: e.sortKey ?? 0, id: e.id } : { s: e.startsAt.toISOString(), id: e.id },
      );
      // Priority listing (ADR 038) reorders within the page; endCursor stays the query's last row.
      return {
        ...page,
        edges: featuredFirst(page.edges, (edge) => edge.node.featured === true),
        totalCount: () => discovery.count({ ...query, after: undefined }),
        viewerId: viewer.id,
      };
    },

    relationsOf: (viewer: Viewer, eventIds: readonly string[]) => repo.relationsOf(viewer.id, eventIds),
    featuredHosts: (hostIds: readonly string[]) => repo.featuredHosts(hostIds, deps.clock.now()),
    participantsOf: (eventIds: readonly string[]) => repo.participantsOf(eventIds),

    defaultCenter: () => ISTANBUL,

    // A user's hosted and joined events, newest first; others see what they may open.
    activityOf: (viewer: Viewer, userId: string, limit: number) =>
      activity.hostedAndJoined(userId, limit, viewer.id),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
