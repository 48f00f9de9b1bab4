import type { Tx } from '#db/client.ts';
import type { ContentFlagRow, ModerationActionRow, ReportRow, UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isSelf } from '#server/auth/access.ts';
import { AppError, ErrorCode, forbidden, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageByCreation } from '#server/lib/paging.ts';
import { priorityFirstPage } from './trust.paging.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { TextKind } from './trust-gate.service.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { mailLocale } from '#server/lib/i18n.mail.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { channels } from '#server/pubsub/channels.ts';
import { suspensionMail } from './trust.mails.ts';
import {
  isActiveSuspension,
  type AccountHook,
  type ContentRemover,
  type EventCanceller,
  type RemovableField,
} from './trust.rules.ts';
import { createTrustRepository } from './trust.repository.ts';
import {
  cancelSchema,
  dismissSchema,
  keepSchema,
  removeSchema,
  restoreSchema,
  suspendSchema,
  warnSchema,
} from './trust.validation.ts';

type Staff = Viewer & { role: 'moderator' | 'admin' };

const conflict = (key: 'moderation.alreadyHandled' | 'moderation.notSuspended') =>
  new AppError(ErrorCode.CONFLICT, key);

// The moderation console (ADR 039): queues of reports, flagged content and appeals; the actions
// (dismiss, warn, remove content, cancel an event, suspend, restore), each written to the audit log
// with who and why; the reporter told the outcome. Role checks happen in @auth; this re-checks the
// rules that depend on the target (staff cannot act on themselves or, unless admin, on other staff).
export function createTrustService(deps: Deps, options: { notifications: NotificationsService }) {
  const repo = createTrustRepository(deps.db);
  const { notifications } = options;
  const removers = new Map<TextKind | RemovableField, ContentRemover>();
  const keepers = new Map<TextKind, ContentRemover>();
  const cancellers: EventCanceller[] = [];
  const suspendedHooks: AccountHook[] = [];
  const restoredHooks: AccountHook[] = [];

  async function targetUser(tx: Tx, staff: Staff, userId: string): Promise<UserRow> {
    if (!isUuid(userId)) throw notFound('error.userNotFound');
    const user = await repo.lockUser(tx, userId);
    if (!user || user.deletedAt) throw notFound('error.userNotFound');
    if (isSelf(staff, user)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'moderation.notOnSelf');
    if (user.role !== 'user' && staff.role !== 'admin') throw forbidden();
    return user;
  }

  async function openReport(tx: Tx, reportId: string | null | undefined): Promise<ReportRow | null> {
    if (!reportId) return null;
    if (!isUuid(reportId)) throw notFound('moderation.reportNotFound');
    const report = await repo.reportById(tx, reportId, true);
    if (!report) throw notFound('moderation.reportNotFound');
    return report;
  }

  async function openFlag(tx: Tx, flagId: string | null | undefined): Promise<ContentFlagRow | null> {
    if (!flagId) return null;
    if (!isUuid(flagId)) throw notFound('moderation.flagNotFound');
    const flag = await repo.flagById(tx, flagId, true);
    if (!flag) throw notFound('moderation.flagNotFound');
    return flag;
  }

  // Closes reports with the action's outcome and tells each reporter (without naming the action's
  // details: the reporter learns that it was handled and whether something was done).
  async function resolveReports(
    tx: Tx,
    afterCommit: AfterCommit,
    staff: Staff,
    reports: readonly (ReportRow | null)[],
    action: ModerationActionRow,
  ) {
    const ids = [...new Set(reports.filter((r) => r && r.status === 'open').map((r) => r!.id))];
    const resolved = await repo.resolveReports(tx, ids, {
      status: action.action === 'dismiss' ? 'dismissed' : 'reviewed',
      reviewedAt: deps.clock.now(),
      reviewedBy: staff.id,
      resolution: action.action,
    });
    await notifications.notify(
      tx,
      afterCommit,
      resolved.map((r) => ({
        userId: r.reporterId,
        type: 'report_resolved' as const,
        eventId: r.eventId,
        data: { outcome: action.action === 'dismiss' ? 'no_violation' : 'action_taken' },
      })),
    );
    // Reviewed: a user auto-hidden by a burst of reports comes back once none is left open.
    const targets = new Set(resolved.map((r) => r.targetUserId));
    for (const userId of targets) {
      if ((await repo.openReportsAgainst(tx, userId)).length === 0)
        await repo.updateUser(tx, userId, { hiddenFromDiscoveryAt: null });
    }
  }

  async function log(tx: Tx, values: Parameters<typeof repo.insertAction>[1]) {
    const action = await repo.insertAction(tx, values);
    deps.logger.info(
      { actionId: action.id, action: action.action, targetUserId: action.targetUserId },
      'moderation action',
    );
    return action;
  }

  async function closeFlag(tx: Tx, staff: Staff, flag: ContentFlagRow | null, status: 'kept' | 'removed') {
    if (flag && flag.status === 'open')
      await repo.setFlagStatus(tx, flag.id, { status, reviewedAt: deps.clock.now(), reviewedBy: staff.id });
  }

  const run = <T>(work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>) =>
    inTransaction(deps.db, deps.logger, work);

  // After commit: an e-mail to the user concerned, in their language (ADR 057); a failure is logged
  // and never undoes the action.
  function mailUser(afterCommit: AfterCommit, user: UserRow, mailFor: (to: string, locale: Locale) => Mail) {
    const to = user.email;
    if (!to || user.deletedAt) return;
    const locale = mailLocale(user.locale);
    afterCommit(async () => {
      try {
        await deps.mailer.send(mailFor(to, locale));
      } catch (err) {
        deps.logger.warn({ err, userId: user.id }, 'moderation e-mail failed');
      }
    });
  }

  // After commit: the user's open suspended page hears that their standing changed (ADR 057).
  const standingChanged = (afterCommit: AfterCommit, userId: string) =>
    afterCommit(() => deps.pubsub.publish(channels.standing(userId), { userId }));
  const suspendedPage = `${deps.config.publicUrl}/suspended`;

  return {
    reports: (args: { status: ReportRow['status']; first?: number | null; after?: string | null }) =>
      priorityFirstPage(args, (p) => repo.reports(args.status, p)),
    flags: (args: { status: ContentFlagRow['status']; first?: number | null; after?: string | null }) =>
      pageByCreation(args, (p) => repo.flags(args.status, p)),
    auditLog: (args: { userId?: string | null; first?: number | null; after?: string | null }) => {
      if (args.userId && !isUuid(args.userId)) throw notFound('error.userNotFound');
      return pageByCreation(args, (p) => repo.actions(p, args.userId ?? undefined));
    },
    counts: () => repo.openCounts(),
    reportsAgainst: (userId: string) => repo.reportsAgainst(userId, 50),
    reportCounts: (userIds: readonly string[]) => repo.countReportsAgainst(userIds),
    flagsOf: (userId: string) => repo.flagsOf(userId, 50),
    flagById: (id: string) => (isUuid(id) ? repo.flagById(deps.db, id) : Promise.resolve(undefined)),
    flagOfSubject: (subjectId: string) => repo.flagOfSubject(subjectId),
    reportById: (id: string) => (isUuid(id) ? repo.reportById(deps.db, id) : Promise.resolve(undefined)),

    async dismissReport(staff: Staff, input: unknown) {
      const v = parseInput(dismissSchema, input);
      return run(async (tx, afterCommit) => {
        const report = (await openReport(tx, v.reportId))!;
        if (report.status !== 'open') throw conflict('moderation.alreadyHandled');
        const action = await log(tx, {
          moderatorId: staff.id,
          action: 'dismiss',
          targetUserId: report.targetUserId,
          reportId: report.id,
          eventId: report.eventId,
          reason: v.reason,
        });
        await resolveReports(tx, afterCommit, staff, [report], action);
        return action;
      });
    },

    async warnUser(staff: Staff, input: unknown) {
      const v = parseInput(warnSchema, input);
      return run(async (tx, afterCommit) => {
        const user = await targetUser(tx, staff, v.userId);
        const report = await openReport(tx, v.reportId);
        const flag = await openFlag(tx, v.flagId);
        const action = await log(tx, {
          moderatorId: staff.id,
          action: 'warn',
          targetUserId: user.id,
          reportId: report?.id,
          flagId: flag?.id,
          reason: v.reason,
        });
        await notifications.notify(tx, afterCommit, [
          { userId: user.id, type: 'moderation_warning', data: { reason: v.reason, actionId: action.id } },
        ]);
        await closeFlag(tx, staff, flag, 'kept');
        await resolveReports(tx, afterCommit, staff, [report], action);
        return action;
      });
    },

    // A flagged text (its kind says how), or a profile field of a reported user.
    async removeContent(staff: Staff, input: unknown) {
      const v = parseInput(removeSchema, input);
      return run(async (tx, afterCommit) => {
        const flag = await openFlag(tx, v.flagId);
        const report = await openReport(tx, v.reportId);
        const kind = flag ? (flag.kind as TextKind) : v.field;
        const userId = flag?.authorId ?? v.userId;
        if (!kind || !userId)
          throw new AppError(ErrorCode.BAD_USER_INPUT, 'moderation.nothingToRemove', {
            fields: [{ field: 'input.flagId', key: 'moderation.nothingToRemove' }],
          });
        const user = await targetUser(tx, staff, userId);
        const remover = removers.get(kind);
        if (!remover) throw new AppError(ErrorCode.BAD_USER_INPUT, 'moderation.nothingToRemove');
        await remover(tx, afterCommit, {
          authorId: user.id,
          subjectId: flag?.subjectId ?? null,
          eventId: flag?.eventId ?? null,
          reason: v.reason,
        });
        const action = await log(tx, {
          moderatorId: staff.id,
          action: 'remove_content',
          targetUserId: user.id,
          reportId: report?.id,
          flagId: flag?.id,
          eventId: flag?.eventId,
          reason: v.reason,
          details: { kind, text: flag?.text ?? null },
        });
        await notifications.notify(tx, afterCommit, [
          {
            userId: user.id,
            type: 'content_removed',
            eventId: flag?.eventId ?? null,
            data: { reason: v.reason, kind, actionId: action.id },
          },
        ]);
        await closeFlag(tx, staff, flag, 'removed');
        await resolveReports(tx, afterCommit, staff, [report], action);
        return action;
      });
    },

    async keepContent(staff: Staff, input: unknown) {
      const v = parseInput(keepSchema, input);
      return run(async (tx, afterCommit) => {
        const flag = (await openFlag(tx, v.flagId))!;
        if (flag.status !== 'open') throw conflict('moderation.alreadyHandled');
        const action = await log(tx, {
          moderatorId: staff.id,
          action: 'keep_content',
          targetUserId: flag.authorId,
          flagId: flag.id,
          eventId: flag.eventId,
          reason: v.reason,
        });
        await closeFlag(tx, staff, flag, 'kept');
        // What a kept text means for its kind (a held message is shown to everyone).
        await keepers.get(flag.kind as TextKind)?.(tx, afterCommit, {
          authorId: flag.authorId,
          subjectId: flag.subjectId,
          eventId: flag.eventId,
          reason: v.reason,
        });
        return action;
      });
    },

    async cancelEvent(staff: Staff, input: unknown) {
      const v = parseInput(cancelSchema, input);
      if (!isUuid(v.eventId)) throw notFound('error.eventNotFound');
      return run(async (tx, afterCommit) => {
        const report = await openReport(tx, v.reportId);
        let hostId: string | null = null;
        for (const cancel of cancellers)
          hostId = (await cancel(tx, afterCommit, v.eventId, staff.id, v.reason))?.hostId ?? hostId;
        if (!hostId) throw notFound('error.eventNotFound');
        const action = await log(tx, {
          moderatorId: staff.id,
          action: 'cancel_event',
          targetUserId: hostId,
          reportId: report?.id,
          eventId: v.eventId,
          reason: v.reason,
        });
        await notifications.notify(tx, afterCommit, [
          {
            userId: hostId,
            type: 'content_removed',
            eventId: v.eventId,
            data: { reason: v.reason, kind: 'event', actionId: action.id },
          },
        ]);
        await resolveReports(tx, afterCommit, staff, [report], action);
        return action;
      });
    },

    async suspendUser(staff: Staff, input: unknown) {
      const v = parseInput(suspendSchema, input);
      const now = deps.clock.now();
      const until = v.days ? new Date(now.getTime() + v.days * 24 * 3600_000) : null;
      const { action, user } = await run(async (tx, afterCommit) => {
        const target = await targetUser(tx, staff, v.userId);
        const report = await openReport(tx, v.reportId);
        const flag = await openFlag(tx, v.flagId);
        const user = await repo.updateUser(tx, target.id, {
          suspendedAt: now,
          suspendedUntil: until,
          suspensionReason: v.reason,
          hiddenFromDiscoveryAt: null,
        });
        const action = await log(tx, {
          moderatorId: staff.id,
          action: 'suspend',
          targetUserId: target.id,
          reportId: report?.id,
          flagId: flag?.id,
          reason: v.reason,
          until,
        });
        await closeFlag(tx, staff, flag, 'kept');
        mailUser(afterCommit, user, (to, locale) =>
          suspensionMail(to, { locale, reason: v.reason, until, appealLink: suspendedPage }),
        );
        // Everything open against the user is settled by the suspension.
        const open = await repo.openReportsAgainst(tx, target.id);
        await resolveReports(tx, afterCommit, staff, [report, ...open], action);
        return { action, user };
      });
      for (const hook of suspendedHooks)
        await hook(user).catch((err: unknown) => deps.logger.error({ err }, 'suspension hook failed'));
      return action;
    },

    async restoreUser(staff: Staff, input: unknown) {
      const v = parseInput(restoreSchema, input);
      const { action, user } = await run(async (tx, afterCommit) => {
        const target = await targetUser(tx, staff, v.userId);
        const now = deps.clock.now();
        const paused = target.joinRequestsPausedUntil !== null && target.joinRequestsPausedUntil > now;
        if (!isActiveSuspension(target, now) && !target.hiddenFromDiscoveryAt && !paused)
          throw conflict('moderation.notSuspended');
        const user = await repo.updateUser(tx, target.id, {
          suspendedAt: null,
          suspendedUntil: null,
          suspensionReason: null,
          hiddenFromDiscoveryAt: null,
          joinRequestsPausedUntil: null,
        });
        const action = await log(tx, {
          moderatorId: staff.id,
          action: 'restore',
          targetUserId: target.id,
          reason: v.reason,
        });
        await notifications.notify(tx, afterCommit, [
          { userId: target.id, type: 'account_restored', data: { reason: v.reason } },
        ]);
        standingChanged(afterCommit, target.id);
        return { action, user };
      });
      for (const hook of restoredHooks)
        await hook(user).catch((err: unknown) => deps.logger.error({ err }, 'restore hook failed'));
      return action;
    },

    onRemove(kind: TextKind | RemovableField, remover: ContentRemover) {
      removers.set(kind, remover);
    },
    onKeep(kind: TextKind, keeper: ContentRemover) {
      keepers.set(kind, keeper);
    },
    onCancelEvent(canceller: EventCanceller) {
      cancellers.push(canceller);
    },
    onSuspended(hook: AccountHook) {
      suspendedHooks.push(hook);
    },
    onRestored(hook: AccountHook) {
      restoredHooks.push(hook);
    },
    // For the appeals half (trust-appeals.service.ts).
    internals: { repo, log, targetUser, run, restoredHooks, mailUser, standingChanged },
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
