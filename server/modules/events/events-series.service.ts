import crypto from 'node:crypto';
import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { requireHost } from '#server/auth/access.ts';
import { AppError, badInput, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { fromTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import type { Tx } from '#db/client.ts';
import type { BadgesService } from '#server/modules/badges/badges.service.ts';
import type { TokensService } from '#server/modules/tokens/tokens.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import type { EventDraftsService } from './event-drafts.service.ts';
import { columnsOf, type EventChanges } from './events-changes.service.ts';
import { eventStatus } from './events.mappers.ts';
import { createEventsRepository } from './events.repository.ts';
import { createSeriesRepository } from './events-series.repository.ts';
import { seriesDates, type CreateEventValues } from './events.validation.ts';

type Screenings = Awaited<ReturnType<TrustGate['screenFields']>>;

// Recurring series (ADR 048): every occurrence is created at once (at most 12) as its own event, for
// 1 token; "this one" changes like any event, "this and following" applies to every later occurrence.
export function createEventSeries(
  deps: Deps,
  options: {
    tokens: TokensService;
    badges: BadgesService;
    drafts: EventDraftsService;
    gate: TrustGate;
    changes: EventChanges;
  },
) {
  const repo = createEventsRepository(deps.db);
  const series = createSeriesRepository(deps.db);
  const { changes } = options;

  async function lockOccurrence(
    tx: Tx,
    viewer: Viewer,
    id: string,
  ): Promise<EventRow & { seriesId: string }> {
    if (!isUuid(id)) throw notFound('error.eventNotFound');
    const current = requireHost(viewer, await repo.lockForUpdate(tx, id));
    if (!current.seriesId) throw badInput([{ field: 'input.scope', key: 'validation.notInSeries' }]);
    return current as EventRow & { seriesId: string };
  }

  // After a cancellation in a series: its token comes back only when every occurrence is off, none
  // had begun and nobody had been accepted to any.
  async function refundIfAllOff(tx: Tx, afterCommit: AfterCommit, viewer: Viewer, event: EventRow) {
    if (!event.seriesId || !(await series.refundable(tx, event.seriesId, deps.clock.now()))) return null;
    const [first] = await series.occurrences(event.seriesId, tx);
    return options.tokens.refundSeriesCreation(
      tx,
      afterCommit,
      viewer.id,
      event.seriesId,
      first?.id ?? event.id,
    );
  }

  return {
    refundIfAllOff,

    async create(
      viewer: Viewer,
      v: CreateEventValues & { recurrence: NonNullable<CreateEventValues['recurrence']> },
      draftId: unknown,
      screenings: Screenings,
    ): Promise<{ event: EventRow; balanceAfter: number }> {
      const dates = seriesDates(v.date, v.recurrence);
      const secret = await changes.publicSecret();
      const seriesId = crypto.randomUUID();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        if (typeof draftId === 'string') await options.drafts.consume(tx, viewer, draftId);
        await series.insert(tx, {
          id: seriesId,
          hostId: viewer.id,
          frequency: v.recurrence.frequency,
          occurrences: dates.length,
          untilDate: v.recurrence.until ?? null,
        });
        const created: EventRow[] = [];
        for (const [i, date] of dates.entries()) {
          const id = crypto.randomUUID();
          const startsAt = fromTurkeyDateTime(date, v.time)!;
          const endsAt = new Date(startsAt.getTime() + v.durationMinutes * 60_000);
          created.push(
            await repo.insert(tx, {
              id,
              hostId: viewer.id,
              mode: v.mode,
              ...columnsOf({ ...v, startsAt, endsAt }, id, secret),
              seriesId,
              seriesIndex: i + 1,
            }),
          );
        }
        const first = created[0];
        await options.gate.recordAll(tx, screenings, { subjectId: first.id, eventId: first.id });
        const charge = await options.tokens.chargeSeriesCreation(
          tx,
          afterCommit,
          viewer.id,
          seriesId,
          first.id,
        );
        await options.badges.evaluate(tx, afterCommit, viewer.id);
        deps.logger.info(
          { seriesId, occurrences: created.length, hostId: viewer.id },
          'event series created',
        );
        return { event: first, balanceAfter: charge.balanceAfter };
      });
    },

    // The same changes to this occurrence and every later upcoming one; the date stays each one's own.
    async updateFollowing(
      viewer: Viewer,
      input: { id: string } & Record<string, unknown>,
    ): Promise<EventRow> {
      if (input.date !== undefined && input.date !== null)
        throw badInput([{ field: 'input.date', key: 'validation.seriesScopeDate' }]);
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const current = await lockOccurrence(tx, viewer, input.id);
        if (eventStatus(current, now) !== 'upcoming')
          throw new AppError(ErrorCode.CONFLICT, 'event.notUpcoming');
        const { date: _date, ...changesOnly } = input;
        let updated: EventRow = current;
        for (const occurrence of await series.lockFollowing(tx, current.seriesId, current.startsAt)) {
          if (eventStatus(occurrence, now) !== 'upcoming') continue;
          const row = await changes.updateLocked(tx, afterCommit, viewer, occurrence, changesOnly, now);
          if (row.id === current.id) updated = row;
        }
        return updated;
      });
    },

    // Cancels this occurrence and every later one that is not over.
    async cancelFollowing(viewer: Viewer, input: { id: string; reason?: string | null }) {
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const current = await lockOccurrence(tx, viewer, input.id);
        if (current.cancelledAt) throw new AppError(ErrorCode.CONFLICT, 'event.alreadyCancelled');
        if (eventStatus(current, now) === 'completed')
          throw new AppError(ErrorCode.CONFLICT, 'event.alreadyOver');
        const reason = input.reason?.trim().slice(0, 300) || null;
        let event: EventRow = current;
        for (const occurrence of await series.lockFollowing(tx, current.seriesId, current.startsAt)) {
          if (eventStatus(occurrence, now) === 'completed') continue;
          const row = await changes.cancelLocked(tx, afterCommit, occurrence, viewer.id, reason, now);
          if (row.id === current.id) event = row;
        }
        const refund = await refundIfAllOff(tx, afterCommit, viewer, event);
        deps.logger.info(
          { seriesId: current.seriesId, from: current.id, refund: !!refund },
          'series cancelled',
        );
        return { event, tokenRefunded: refund !== null, balanceAfter: refund?.balanceAfter ?? null };
      });
    },

    byIds: (ids: readonly string[]) => series.byIds(ids),
    occurrences: (seriesId: string) => series.occurrences(seriesId),
  };
}
