import { isHost } from '#server/auth/access.ts';
import { requireViewer } from '#server/context/context.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { loadReferenced } from '#server/context/loaders.ts';
import { t } from '#server/lib/i18n.ts';

export const messagesResolvers: Resolvers = {
  Query: {
    conversation: (_parent, { eventId, withUserId }, ctx) =>
      ctx.services.messages.conversation(requireViewer(ctx), eventId, withUserId),
  },
  Mutation: {
    sendMessage: (_parent, { input }, ctx) => ctx.services.messages.send(requireViewer(ctx), input),
  },
  Conversation: {
    event: (c, _args, ctx) => loadReferenced(ctx.loaders.event, c.eventId, 'event'),
    otherUser: (c, _args, ctx) =>
      loadReferenced(
        ctx.loaders.user,
        isHost(requireViewer(ctx), c) ? c.userId : c.hostId,
        'conversation partner',
      ),
    messages: (c, _args, ctx) => ctx.services.messages.messagesOf(c),
  },
  Message: {
    sender: (m, _args, ctx) => loadReferenced(ctx.loaders.user, m.senderId, 'sender'),
    // A message a moderator removed says so, to both sides (ADR 039).
    body: (m, _args, ctx) => (m.removedAt ? t(ctx.locale, 'moderation.removedPlaceholder') : m.body),
    removed: (m) => m.removedAt !== null,
  },
};
