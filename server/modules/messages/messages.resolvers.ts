import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';

export const messagesResolvers: Resolvers = {
  Query: {
    conversation: (_parent, { eventId, withUserId }, ctx) =>
      ctx.services.messages.conversation(requireViewer(ctx), eventId, withUserId),
  },
  Mutation: {
    sendMessage: (_parent, { input }, ctx) => ctx.services.messages.send(requireViewer(ctx), input),
  },
  Conversation: {
    async event(c, _args, ctx) {
      const event = await ctx.loaders.event.load(c.eventId);
      if (!event) throw new Error(`event ${c.eventId} missing`);
      return event;
    },
    async otherUser(c, _args, ctx) {
      const viewer = requireViewer(ctx);
      const other = await ctx.loaders.user.load(viewer.id === c.hostId ? c.userId : c.hostId);
      if (!other) throw new Error('conversation partner missing');
      return other;
    },
    messages: (c, _args, ctx) => ctx.services.messages.messagesOf(c),
  },
  Message: {
    async sender(m, _args, ctx) {
      const user = await ctx.loaders.user.load(m.senderId);
      if (!user) throw new Error(`sender ${m.senderId} missing`);
      return user;
    },
  },
};
