import { z } from 'zod';
import type { BlockRow, ReportRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isSelf } from '#server/auth/access.ts';
import { AppError, badInput, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import type { Tx } from '#db/client.ts';
import { parseInput } from '#server/lib/validation.ts';
import { enumValues } from '#server/modules/enum-values.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import type { TrustSafeguards } from '#server/modules/trust/trust-safeguards.service.ts';
import { createSafetyRepository } from './safety.repository.ts';
import { unsafeReportRefusal } from './safety.rules.ts';

export const REPORT_MESSAGE_MAX = 1000;
// Generous for a person, small for a script: reports land in a human moderation queue.
export const REPORTS_PER_HOUR = 10;

const reportSchema = z.object({
  userId: z.string(),
  reason: z.enum(enumValues.ReportReason, 'validation.reportReason'),
  message: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(REPORT_MESSAGE_MAX, 'validation.reportMessageTooLong').nullable()),
  eventId: z.string().nullish(),
});

const userRefSchema = z.object({ userId: z.string() });

// 'Kendimi güvende hissetmedim' (ADR 069): the event, or one person who was there.
const unsafeSchema = z.object({
  eventId: z.string(),
  subject: z.enum(enumValues.ReportSubject, 'validation.reportSubject'),
  userId: z.string().nullish(),
  reason: reportSchema.shape.reason,
  message: reportSchema.shape.message,
});

// Runs inside the transaction that records a block (other modules end what the block must end).
export type BlockHook = (
  tx: Tx,
  afterCommit: AfterCommit,
  blockerId: string,
  blockedId: string,
) => Promise<unknown>;

// Reports (for moderators) and blocks between users. Safety owns the blocks table: events (lists hide
// the other side's events through safety.filters.ts, event(id) asks blockedBetween), join requests
// (refused), ratings and messages (refused) and the REST shim all ask here.
export function createSafetyService(
  deps: Deps,
  options: { users: UsersService; events: EventsService; gate: TrustGate; safeguards: TrustSafeguards },
) {
  const repo = createSafetyRepository(deps.db);
  const blockHooks: BlockHook[] = [];

  // The other user, checked before any transaction: yourself is bad input, nobody is NOT_FOUND.
  async function otherUser(
    viewer: Viewer,
    userId: string,
    selfKey: 'safety.reportSelf' | 'safety.blockSelf',
  ) {
    if (isSelf(viewer, { id: userId })) throw badInput([{ field: 'input.userId', key: selfKey }]);
    if (!isUuid(userId)) throw notFound('error.userNotFound');
    const [user] = await options.users.byIds([userId]);
    if (!user) throw notFound('error.userNotFound');
    return user;
  }

  return {
    async report(viewer: Viewer, input: unknown): Promise<ReportRow> {
      const v = parseInput(reportSchema, input);
      const target = await otherUser(viewer, v.userId, 'safety.reportSelf');
      let eventId: string | null = null;
      if (v.eventId) {
        const [event] = await options.events.byIds([v.eventId]);
        if (!event) throw notFound('error.eventNotFound');
        eventId = event.id;
      }
      const now = deps.clock.now();
      // A report quotes the abuse it reports: never refused, but spam in it is flagged (ADR 039).
      const screenings = await options.gate.screenFields(viewer.id, [
        { field: 'message', kind: 'report', text: v.message },
      ]);
      const { report, created } = await inTransaction(deps.db, deps.logger, async (tx) => {
        await repo.lockReporter(tx, viewer.id);
        // The same report again (a double click, a second try) is the one still open.
        const open = await repo.openReport(tx, viewer.id, target.id, eventId);
        if (open) return { report: open, created: false };
        if ((await repo.reportsSince(tx, viewer.id, new Date(now.getTime() - 3600_000))) >= REPORTS_PER_HOUR)
          throw new AppError(ErrorCode.RATE_LIMITED, 'error.rateLimited');
        const row = await repo.insertReport(tx, {
          reporterId: viewer.id,
          targetUserId: target.id,
          eventId,
          reason: v.reason,
          message: v.message,
        });
        await options.gate.recordAll(tx, screenings, { subjectId: row.id, eventId });
        // Several different reporters in a short time hide the user from discovery until reviewed.
        await options.safeguards.afterReport(tx, row);
        return { report: row, created: true };
      });
      deps.logger.info({ reportId: report.id, reason: report.reason, created }, 'user reported');
      return report;
    },

    // A priority report after an event by someone who took part: about the event (its host is the
    // target) or about the host or a participant. Once per event and reporter; blocks do not stop
    // it (someone who blocked the person they report must still be heard).
    async reportUnsafe(viewer: Viewer, input: unknown): Promise<ReportRow> {
      const v = parseInput(unsafeSchema, input);
      const [event] = isUuid(v.eventId) ? await options.events.byIds([v.eventId]) : [];
      if (!event) throw notFound('error.eventNotFound');
      const participants = (await options.events.participantsOf([event.id])).get(event.id) ?? [];
      const tookPart = (id: string) => id === event.hostId || participants.some((p) => p.userId === id);
      const refusal = unsafeReportRefusal(event, viewer.id, tookPart(viewer.id), deps.clock.now());
      if (refusal) throw new AppError(refusal.code, refusal.key);
      let targetId = event.hostId;
      if (v.subject === 'event') {
        if (viewer.id === event.hostId)
          throw badInput([{ field: 'input.subject', key: 'safety.unsafeOwnEvent' }]);
      } else {
        if (!v.userId) throw badInput([{ field: 'input.userId', key: 'safety.unsafePersonRequired' }]);
        if (isSelf(viewer, { id: v.userId }))
          throw badInput([{ field: 'input.userId', key: 'safety.reportSelf' }]);
        if (!tookPart(v.userId)) throw badInput([{ field: 'input.userId', key: 'safety.unsafeNotAtEvent' }]);
        targetId = v.userId;
      }
      const screenings = await options.gate.screenFields(viewer.id, [
        { field: 'message', kind: 'report', text: v.message },
      ]);
      const report = await inTransaction(deps.db, deps.logger, async (tx) => {
        await repo.lockReporter(tx, viewer.id);
        // The unique index says the same; asked first so the answer is a clear CONFLICT.
        if (await repo.priorityReportOf(tx, viewer.id, event.id))
          throw new AppError(ErrorCode.CONFLICT, 'safety.unsafeAlreadyFiled');
        const since = new Date(deps.clock.now().getTime() - 3600_000);
        if ((await repo.reportsSince(tx, viewer.id, since)) >= REPORTS_PER_HOUR)
          throw new AppError(ErrorCode.RATE_LIMITED, 'error.rateLimited');
        const row = await repo.insertReport(tx, {
          reporterId: viewer.id,
          targetUserId: targetId,
          eventId: event.id,
          reason: v.reason,
          message: v.message,
          priority: true,
          subject: v.subject,
        });
        await options.gate.recordAll(tx, screenings, { subjectId: row.id, eventId: event.id });
        await options.safeguards.afterReport(tx, row);
        return row;
      });
      deps.logger.info({ reportId: report.id, eventId: event.id }, 'priority report filed');
      return report;
    },

    async block(viewer: Viewer, input: unknown) {
      const { userId } = parseInput(userRefSchema, input);
      const user = await otherUser(viewer, userId, 'safety.blockSelf');
      await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        await repo.insertBlock(tx, viewer.id, user.id);
        // Also on a repeated block: ends anything that slipped in since (idempotent otherwise).
        for (const hook of blockHooks) await hook(tx, afterCommit, viewer.id, user.id);
      });
      deps.logger.info('user blocked');
      return { user };
    },

    async unblock(viewer: Viewer, input: unknown) {
      const { userId } = parseInput(userRefSchema, input);
      const user = await otherUser(viewer, userId, 'safety.blockSelf');
      await repo.deleteBlock(viewer.id, user.id);
      return { user };
    },

    blocksOf: (viewer: Viewer): Promise<BlockRow[]> => repo.blocksOf(viewer.id),
    blockedAmong: (viewer: Viewer, userIds: readonly string[]) => repo.blockedAmong(viewer.id, userIds),
    // Is there a block between these two users, either way.
    blockedBetween: (a: string, b: string) => repo.blockedBetween(a, b),

    // Modules that must end something when a block is recorded register here (at start-up).
    onBlock(hook: BlockHook) {
      blockHooks.push(hook);
    },
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
