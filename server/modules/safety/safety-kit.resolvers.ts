import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { loadReferenced } from '#server/context/loaders.ts';
import { hostLabelOf, planPageUrl, planState, sharedPlaceOf } from './safety-plans.rules.ts';

// The safety kit (issue 30, ADR 068): the viewer's trusted contacts and plans, and the two public
// doors a contact uses (the confirmation link and the plan page).
export const safetyKitResolvers: Resolvers = {
  Query: {
    trustedContacts: (_parent, _args, ctx) => ctx.services.safetyContacts.contactsOf(requireViewer(ctx)),
    mySafetyPlan: (_parent, { eventId }, ctx) => ctx.services.safetyPlans.mine(requireViewer(ctx), eventId),
    publicSafetyPlan: (_parent, { token }, ctx) => ctx.services.safetyPlans.publicPage(token),
  },
  Mutation: {
    addTrustedContact: async (_parent, { input }, ctx) => ({
      contact: await ctx.services.safetyContacts.add(requireViewer(ctx), input),
    }),
    removeTrustedContact: async (_parent, { input }, ctx) => ({
      removedContactId: await ctx.services.safetyContacts.remove(requireViewer(ctx), input),
    }),
    confirmTrustedContact: (_parent, { input }, ctx) => ctx.services.safetyContacts.confirm(input),
    shareSafetyPlan: async (_parent, { input }, ctx) => ({
      plan: await ctx.services.safetyPlans.share(requireViewer(ctx), input),
    }),
    confirmHome: async (_parent, { input }, ctx) => ({
      plan: await ctx.services.safetyPlans.confirmHome(requireViewer(ctx), input),
    }),
    extendSafetyCheck: async (_parent, { input }, ctx) => ({
      plan: await ctx.services.safetyPlans.extend(requireViewer(ctx), input),
    }),
    endSafetyCheck: async (_parent, { input }, ctx) => ({
      plan: await ctx.services.safetyPlans.endCheck(requireViewer(ctx), input),
    }),
    deleteSafetyPlan: async (_parent, { input }, ctx) => ({
      deletedPlanId: await ctx.services.safetyPlans.remove(requireViewer(ctx), input),
    }),
    sharePosition: (_parent, { input }, ctx) =>
      ctx.services.safetyCheck.sharePosition(requireViewer(ctx), input),
  },
  TrustedContact: {
    confirmed: (c) => c.confirmedAt !== null,
  },
  SafetyPlan: {
    event: (p, _args, ctx) => loadReferenced(ctx.loaders.event, p.eventId, 'safety plan event'),
    contacts: (p, _args, ctx) => ctx.services.safetyPlans.contactsOfPlan(p),
    state: (p, _args, ctx) => planState(p, ctx.now),
    pageUrl: (p, _args, ctx) => planPageUrl(ctx.config.publicUrl, p),
  },
  PublicSafetyPlan: {
    userName: (p) => p.user?.displayName ?? null,
    eventTitle: (p) => p.event?.title ?? null,
    startsAt: (p) => p.event?.startsAt ?? null,
    endsAt: (p) => p.event?.endsAt ?? null,
    place: (p, _args, ctx) => (p.event ? sharedPlaceOf(p.event, p.plan, ctx.locale) : null),
    host: (p) => (p.event ? hostLabelOf(p.host ?? undefined) : null),
    hostProfileUrl: (p, _args, ctx) => (p.event ? `${ctx.config.publicUrl}/e/${p.event.id}` : null),
    expectedHomeAt: (p) => (p.state === 'expired' ? null : p.plan.expectedHomeAt),
    homeAt: (p) => (p.state === 'expired' ? null : p.plan.homeAt),
    alertedAt: (p) => (p.state === 'expired' ? null : p.plan.alertedAt),
    lastPosition: (p) =>
      p.state !== 'expired' && p.plan.lastLat !== null && p.plan.lastLng !== null && p.plan.lastPositionAt
        ? { latitude: p.plan.lastLat, longitude: p.plan.lastLng, sharedAt: p.plan.lastPositionAt }
        : null,
  },
};
