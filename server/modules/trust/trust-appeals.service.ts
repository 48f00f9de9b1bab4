import type { ModerationActionRow, ModerationAppealRow, UserRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageByCreation } from '#server/lib/paging.ts';
import { parseInput } from '#server/lib/validation.ts';
import { channels } from '#server/pubsub/channels.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { TrustGate } from './trust-gate.service.ts';
import type { TrustService } from './trust.service.ts';
import { isActiveSuspension } from './trust.rules.ts';
import { appealDecidedMail } from './trust.mails.ts';
import { appealSchema, decideAppealSchema } from './trust.validation.ts';

// Actions a user sees on their account and may appeal once.
const APPEALABLE: readonly ModerationActionRow['action'][] = [
  'warn',
  'remove_content',
  'cancel_event',
  'suspend',
  'auto_pause_joins',
];

export type AccountStandingModel = {
  user: UserRow;
  actions: ModerationActionRow[];
  appeals: Map<string, ModerationAppealRow>;
};

// The user's half of moderation (what was done to my account, and my one appeal per action) and the
// moderators' appeal queue (ADR 039).
export function createTrustAppealsService(
  deps: Deps,
  options: { trust: TrustService; gate: TrustGate; notifications: NotificationsService },
) {
  const { repo, log, run, restoredHooks, mailUser, standingChanged } = options.trust.internals;

  // Works while suspended: a suspended user must be able to read why and appeal.
  async function standing(viewer: Viewer): Promise<AccountStandingModel> {
    const user = await repo.userById(viewer.id);
    if (!user) throw notFound('error.userNotFound');
    const actions = await repo.actionsAgainst(viewer.id, APPEALABLE, 50);
    const appeals = await repo.appealsOfActions(actions.map((a) => a.id));
    return { user, actions, appeals: new Map(appeals.map((a) => [a.actionId, a])) };
  }

  return {
    standing,

    // The viewer's standing again each time a moderator changes it (ADR 057); only their own channel.
    async *standingChanges(viewer: Viewer): AsyncGenerator<AccountStandingModel> {
      const subscription = await deps.pubsub.subscribe(channels.standing(viewer.id));
      try {
        for await (const message of subscription) {
          if (message.userId !== viewer.id) continue;
          yield await standing(viewer);
        }
      } finally {
        await subscription.return();
      }
    },

    async appeal(viewer: Viewer, input: unknown): Promise<ModerationAppealRow> {
      const v = parseInput(appealSchema, input);
      if (!isUuid(v.actionId)) throw notFound('moderation.actionNotFound');
      const [screening] = await options.gate.screenFields(viewer.id, [
        { field: 'text', kind: 'report', text: v.text },
      ]);
      return run(async (tx) => {
        const action = await repo.actionById(tx, v.actionId);
        // Someone else's action, or one that cannot be appealed, looks like no action at all.
        if (!action || action.targetUserId !== viewer.id || !APPEALABLE.includes(action.action))
          throw notFound('moderation.actionNotFound');
        const appeal = await repo.insertAppeal(tx, { actionId: action.id, userId: viewer.id, text: v.text });
        if (!appeal) throw new AppError(ErrorCode.CONFLICT, 'moderation.alreadyAppealed');
        await options.gate.record(tx, screening, { subjectId: appeal.id });
        deps.logger.info({ appealId: appeal.id, actionId: action.id }, 'moderation appeal filed');
        return appeal;
      });
    },

    async appeals(args: {
      status: ModerationAppealRow['status'];
      first?: number | null;
      after?: string | null;
    }) {
      return pageByCreation(args, (p) => repo.appeals(args.status, p));
    },

    actionById: (id: string) => (isUuid(id) ? repo.actionById(deps.db, id) : Promise.resolve(undefined)),
    appealsOf: (actionIds: readonly string[]) => repo.appealsOfActions(actionIds),

    // Upheld: the action stands. Overturned: a suspension or a join pause still in force is lifted
    // (removed content and cancelled events cannot come back; the user is told so).
    async decide(staff: Viewer & { role: 'moderator' | 'admin' }, input: unknown) {
      const v = parseInput(decideAppealSchema, input);
      if (!isUuid(v.appealId)) throw notFound('moderation.appealNotFound');
      const result = await run(async (tx, afterCommit) => {
        const appeal = await repo.appealById(tx, v.appealId, true);
        if (!appeal) throw notFound('moderation.appealNotFound');
        if (appeal.status !== 'open') throw new AppError(ErrorCode.CONFLICT, 'moderation.alreadyHandled');
        const original = (await repo.actionById(tx, appeal.actionId))!;
        const user = await options.trust.internals.targetUser(tx, staff, appeal.userId);
        const decided = await repo.decideAppeal(tx, appeal.id, {
          status: v.overturn ? 'overturned' : 'upheld',
          decidedAt: deps.clock.now(),
          decidedBy: staff.id,
          decisionNote: v.note,
        });
        let restored: UserRow | null = null;
        if (v.overturn && original.action === 'suspend' && isActiveSuspension(user, deps.clock.now()))
          restored = await repo.updateUser(tx, user.id, {
            suspendedAt: null,
            suspendedUntil: null,
            suspensionReason: null,
          });
        if (v.overturn && original.action === 'auto_pause_joins')
          await repo.updateUser(tx, user.id, { joinRequestsPausedUntil: null });
        const action = await log(tx, {
          moderatorId: staff.id,
          action: v.overturn ? 'appeal_overturned' : 'appeal_upheld',
          targetUserId: user.id,
          appealOf: original.id,
          reason: v.note,
        });
        await options.notifications.notify(tx, afterCommit, [
          {
            userId: user.id,
            type: 'appeal_decided',
            data: { overturned: v.overturn, note: v.note, actionId: original.id },
          },
        ]);
        mailUser(afterCommit, user, (to, locale) =>
          appealDecidedMail(to, {
            locale,
            overturned: v.overturn,
            liftedSuspension: restored !== null,
            note: v.note,
            link: restored
              ? `${deps.config.publicUrl}/dashboard/physical`
              : `${deps.config.publicUrl}/suspended`,
          }),
        );
        // An open suspended page changes at once (graphql-ws, accountStandingChanged).
        standingChanged(afterCommit, user.id);
        return { appeal: decided, action, restored };
      });
      if (result.restored) for (const hook of restoredHooks) await hook(result.restored);
      return result;
    },
  };
}
