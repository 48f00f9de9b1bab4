import type { Context } from '#server/context/context.ts';
import { requireViewer } from '#server/context/context.ts';
import { loadReferenced } from '#server/context/loaders.ts';
import type { Viewer } from '#server/context/viewer.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { forbidden } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { reasonText } from '#server/modules/moderation/moderation.ts';
import { isActiveSuspension } from './trust.rules.ts';

const APPEALABLE = new Set(['warn', 'remove_content', 'cancel_event', 'suspend', 'auto_pause_joins']);

type Staff = Viewer & { role: 'moderator' | 'admin' };
const isStaff = (v: Viewer | null): v is Staff => v?.role === 'moderator' || v?.role === 'admin';

// @auth(requires: MODERATOR) already refused everyone else; this narrows the type for the service.
function staffOf(ctx: Context): Staff {
  const viewer = requireViewer(ctx);
  if (!isStaff(viewer)) throw forbidden();
  return viewer;
}

async function withCounts<T>(ctx: Context, action: Promise<T>) {
  const result = await action;
  return { action: result, counts: await ctx.services.trust.counts() };
}

export const trustResolvers: Resolvers = {
  Subscription: {
    accountStandingChanged: {
      subscribe: (_parent, _args, ctx) => {
        const changes = ctx.services.appeals.standingChanges(requireViewer(ctx));
        // graphql-js wants each payload under the field's name.
        return (async function* () {
          for await (const standing of changes) yield { accountStandingChanged: standing };
        })();
      },
    },
  },
  Query: {
    accountStanding: (_parent, _args, ctx) => ctx.services.appeals.standing(requireViewer(ctx)),
    moderationQueueCounts: (_parent, _args, ctx) => ctx.services.trust.counts(),
    moderationReports: (_parent, args, ctx) =>
      ctx.services.trust.reports({ ...args, status: args.status ?? 'open' }),
    contentFlags: (_parent, args, ctx) =>
      ctx.services.trust.flags({ ...args, status: args.status ?? 'open' }),
    moderationAppeals: (_parent, args, ctx) =>
      ctx.services.appeals.appeals({ ...args, status: args.status ?? 'open' }),
    moderationLog: (_parent, args, ctx) => ctx.services.trust.auditLog(args),
    async moderationUser(_parent, { id }, ctx) {
      if (!isUuid(id)) return null;
      const user = await ctx.loaders.user.load(id);
      if (!user) return null;
      const [reports, flags, actions] = await Promise.all([
        ctx.services.trust.reportsAgainst(id),
        ctx.services.trust.flagsOf(id),
        ctx.services.trust.auditLog({ userId: id, first: 50 }).then((p) => p.nodes),
      ]);
      return { user, reports, flags, actions };
    },
  },
  Mutation: {
    dismissReport: (_parent, { input }, ctx) =>
      withCounts(ctx, ctx.services.trust.dismissReport(staffOf(ctx), input)),
    warnUser: (_parent, { input }, ctx) => withCounts(ctx, ctx.services.trust.warnUser(staffOf(ctx), input)),
    removeContent: (_parent, { input }, ctx) =>
      withCounts(ctx, ctx.services.trust.removeContent(staffOf(ctx), input)),
    keepContent: (_parent, { input }, ctx) =>
      withCounts(ctx, ctx.services.trust.keepContent(staffOf(ctx), input)),
    cancelEventAsModerator: (_parent, { input }, ctx) =>
      withCounts(ctx, ctx.services.trust.cancelEvent(staffOf(ctx), input)),
    suspendUser: (_parent, { input }, ctx) =>
      withCounts(ctx, ctx.services.trust.suspendUser(staffOf(ctx), input)),
    restoreUser: (_parent, { input }, ctx) =>
      withCounts(ctx, ctx.services.trust.restoreUser(staffOf(ctx), input)),
    async decideAppeal(_parent, { input }, ctx) {
      const { appeal } = await ctx.services.appeals.decide(staffOf(ctx), input);
      return { appeal, counts: await ctx.services.trust.counts() };
    },
    async appealModerationAction(_parent, { input }, ctx) {
      const appeal = await ctx.services.appeals.appeal(requireViewer(ctx), input);
      const action = await ctx.services.appeals.actionById(appeal.actionId);
      ctx.loaders.actionAppeal.clear(appeal.actionId).prime(appeal.actionId, appeal);
      return { appeal, action: action! };
    },
  },
  ModerationReport: {
    reporter: (r, _args, ctx) => loadReferenced(ctx.loaders.user, r.reporterId, 'reporter'),
    target: (r, _args, ctx) => loadReferenced(ctx.loaders.user, r.targetUserId, 'reported user'),
    event: (r, _args, ctx) => (r.eventId ? ctx.loaders.event.load(r.eventId) : null),
    targetReportCount: (r, _args, ctx) => ctx.loaders.reportCount.load(r.targetUserId),
    resolution: (r) => (r.resolution as never) ?? null,
  },
  ContentFlag: {
    kind: (f) => f.kind as never,
    author: (f, _args, ctx) => loadReferenced(ctx.loaders.user, f.authorId, 'author'),
    event: (f, _args, ctx) => (f.eventId ? ctx.loaders.event.load(f.eventId) : null),
    reasons: (f, _args, ctx) => f.reasons.map((code) => ({ code, text: reasonText(code, ctx.locale) })),
  },
  ModerationAction: {
    // Moderators stay anonymous to the users they act on.
    moderator: (a, _args, ctx) =>
      a.moderatorId && isStaff(ctx.viewer) ? ctx.loaders.user.load(a.moderatorId) : null,
    target: (a, _args, ctx) => loadReferenced(ctx.loaders.user, a.targetUserId, 'target'),
    event: (a, _args, ctx) => (a.eventId ? ctx.loaders.event.load(a.eventId) : null),
    report: async (a, _args, ctx) =>
      a.reportId && isStaff(ctx.viewer) ? ((await ctx.services.trust.reportById(a.reportId)) ?? null) : null,
    flag: async (a, _args, ctx) =>
      a.flagId && isStaff(ctx.viewer) ? ((await ctx.services.trust.flagById(a.flagId)) ?? null) : null,
    appeal: (a, _args, ctx) => ctx.loaders.actionAppeal.load(a.id),
    appealable: async (a, _args, ctx) =>
      ctx.viewer?.id === a.targetUserId &&
      APPEALABLE.has(a.action) &&
      (await ctx.loaders.actionAppeal.load(a.id)) === null,
  },
  ModerationAppeal: {
    action: async (a, _args, ctx) => (await ctx.services.appeals.actionById(a.actionId))!,
    user: (a, _args, ctx) => loadReferenced(ctx.loaders.user, a.userId, 'appellant'),
  },
  ModerationUserHistory: {
    user: (m) => m.user,
    role: (m) => m.user.role,
    email: (m) => m.user.email,
    suspended: (m, _args, ctx) => isActiveSuspension(m.user, ctx.now),
    suspendedUntil: (m, _args, ctx) => (isActiveSuspension(m.user, ctx.now) ? m.user.suspendedUntil : null),
    suspensionReason: (m, _args, ctx) =>
      isActiveSuspension(m.user, ctx.now) ? m.user.suspensionReason : null,
    hiddenFromDiscovery: (m) => m.user.hiddenFromDiscoveryAt !== null,
    joinRequestsPausedUntil: (m, _args, ctx) =>
      m.user.joinRequestsPausedUntil && m.user.joinRequestsPausedUntil > ctx.now
        ? m.user.joinRequestsPausedUntil
        : null,
  },
  AccountStanding: {
    suspended: (s, _args, ctx) => isActiveSuspension(s.user, ctx.now),
    suspendedUntil: (s, _args, ctx) => (isActiveSuspension(s.user, ctx.now) ? s.user.suspendedUntil : null),
    suspensionReason: (s, _args, ctx) =>
      isActiveSuspension(s.user, ctx.now) ? s.user.suspensionReason : null,
    joinRequestsPausedUntil: (s, _args, ctx) =>
      s.user.joinRequestsPausedUntil && s.user.joinRequestsPausedUntil > ctx.now
        ? s.user.joinRequestsPausedUntil
        : null,
    actions: (s) => s.actions,
  },
};
