import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';

// The wizard's drafts (ADR 037): the host's own, nobody else's.
export const eventDraftsResolvers: Resolvers = {
  Query: {
    myEventDrafts: (_parent, _args, ctx) => ctx.services.drafts.mine(requireViewer(ctx)),
    eventDraft: (_parent, { id }, ctx) => ctx.services.drafts.byId(requireViewer(ctx), id),
  },
  Mutation: {
    saveEventDraft: async (_parent, { input }, ctx) => ({
      draft: await ctx.services.drafts.save(requireViewer(ctx), input),
    }),
    deleteEventDraft: async (_parent, { input }, ctx) => ({
      id: await ctx.services.drafts.remove(requireViewer(ctx), input),
    }),
  },
  EventDraft: {
    values: (d) => d.values,
  },
  EventDraftValues: {
    tags: (v) => v.tags ?? [],
  },
};
