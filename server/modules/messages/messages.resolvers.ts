import type { ConversationRow } from '#db/schema/index.ts';
import { requireViewer, type Context } from '#server/context/context.ts';
import { loadReferenced } from '#server/context/loaders.ts';
import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { t } from '#server/lib/i18n.ts';
import { reasonText, supportOf } from '#server/modules/moderation/moderation.ts';

// The viewer's membership row of a conversation (the loader batches a page of them).
async function membership(ctx: Context, c: ConversationRow) {
  const members = await ctx.loaders.conversationMembers.load(c.id);
  return members.find((m) => m.userId === ctx.viewer?.id) ?? null;
}

async function otherUserId(ctx: Context, c: ConversationRow): Promise<string | null> {
  if (c.kind === 'event_group') return null;
  const members = await ctx.loaders.conversationMembers.load(c.id);
  return members.find((m) => m.userId !== ctx.viewer?.id)?.userId ?? null;
}

export const messagesResolvers: Resolvers = {
  Query: {
    conversation: (_parent, { eventId, withUserId }, ctx) =>
      ctx.services.messages.thread(requireViewer(ctx), eventId, withUserId),
    conversations: (_parent, args, ctx) => ctx.services.messages.inbox(requireViewer(ctx), args),
    conversationById: (_parent, { id }, ctx) => ctx.services.messages.byId(requireViewer(ctx), id),
    unreadMessageCount: (_parent, _args, ctx) => ctx.services.messages.unreadCount(requireViewer(ctx)),
  },
  Mutation: {
    sendMessage: (_parent, { input }, ctx) => ctx.services.messages.send(requireViewer(ctx), input),
    sendChatMessage: (_parent, { input }, ctx) => ctx.services.messages.sendChat(requireViewer(ctx), input),
    async startDirectConversation(_parent, { input }, ctx) {
      return { conversation: await ctx.services.messages.startDirect(requireViewer(ctx), input) };
    },
    async markConversationRead(_parent, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const conversation = await ctx.services.messages.markRead(viewer, input);
      ctx.loaders.conversationMembers.clear(conversation.id);
      ctx.loaders.unreadCount.clear(conversation.id);
      return {
        conversation,
        unreadMessageCount: await ctx.services.messages.unreadCount(viewer),
        unreadNotificationCount: await ctx.services.notifications.unreadCount(viewer),
      };
    },
    async revealMessage(_parent, { input }, ctx) {
      const message = await ctx.services.groups.reveal(requireViewer(ctx), input);
      ctx.loaders.revealed.clear(message.id).prime(message.id, true);
      return { message };
    },
    pinMessage: async (_parent, { input }, ctx) => ({
      message: await ctx.services.groups.pin(requireViewer(ctx), input),
    }),
    removeChatMessage: async (_parent, { input }, ctx) => ({
      message: await ctx.services.groups.removeMessage(requireViewer(ctx), input),
    }),
    async removeChatMember(_parent, { input }, ctx) {
      const conversation = await ctx.services.groups.removeMember(requireViewer(ctx), input);
      ctx.loaders.conversationMembers.clear(conversation.id);
      return { conversation };
    },
  },
  Subscription: {
    messageAdded: {
      subscribe: (_parent, { conversationId }, ctx) => {
        const rows = ctx.services.groups.subscribe(requireViewer(ctx), 'message', conversationId ?? null);
        return (async function* () {
          for await (const row of rows) if (row.message) yield { messageAdded: row.message };
        })();
      },
    },
    chatUpdated: {
      subscribe: (_parent, { conversationId }, ctx) => {
        const rows = ctx.services.groups.subscribe(requireViewer(ctx), 'updated', conversationId ?? null);
        return (async function* () {
          for await (const row of rows) yield { chatUpdated: row.conversation };
        })();
      },
    },
  },
  Conversation: {
    event: (c, _args, ctx) => (c.eventId ? ctx.loaders.event.load(c.eventId) : null),
    async title(c, _args, ctx) {
      if (c.kind === 'event_group') {
        const event = c.eventId ? await ctx.loaders.event.load(c.eventId) : null;
        return event?.title ?? 'Squad';
      }
      const other = await otherUserId(ctx, c);
      return (other ? (await ctx.loaders.user.load(other))?.displayName : null) ?? 'Squad';
    },
    otherUser: async (c, _args, ctx) => {
      const other = await otherUserId(ctx, c);
      return other ? ctx.loaders.user.load(other) : null;
    },
    members: async (c, _args, ctx) => {
      const members = await ctx.loaders.conversationMembers.load(c.id);
      return members.map((m) => ({ ...m, isHost: m.userId === c.hostId }));
    },
    lastMessage: (c, _args, ctx) => ctx.loaders.lastMessage.load(c.id),
    unreadCount: (c, _args, ctx) => ctx.loaders.unreadCount.load(c.id),
    viewerIsMember: async (c, _args, ctx) => !(await membership(ctx, c))?.leftAt,
    async viewerCanPost(c, _args, ctx) {
      const member = await membership(ctx, c);
      return member ? ctx.services.messages.canPost(requireViewer(ctx), { conversation: c, member }) : false;
    },
    viewerIsHost: (c, _args, ctx) => c.kind !== 'direct' && c.hostId === ctx.viewer?.id,
    pinnedMessages: (c, _args, ctx) => ctx.services.messages.pinned(requireViewer(ctx), c),
    messagePage: (c, args, ctx) => ctx.services.messages.messagePage(requireViewer(ctx), c, args),
    messages: (c, _args, ctx) => ctx.services.messages.allMessages(requireViewer(ctx), c),
  },
  ConversationMember: {
    user: (m, _args, ctx) => loadReferenced(ctx.loaders.user, m.userId, 'member'),
    active: (m) => m.leftAt === null,
  },
  Message: {
    sender: (m, _args, ctx) => loadReferenced(ctx.loaders.user, m.senderId, 'sender'),
    // Removed: says so. Held: the sender reads it; others once they chose to (ADR 039, 042).
    async body(m, _args, ctx) {
      if (m.removedAt) return t(ctx.locale, 'messages.removedPlaceholder');
      if (!m.held || m.senderId === ctx.viewer?.id) return m.body;
      return (await ctx.loaders.revealed.load(m.id)) ? m.body : '';
    },
    removed: (m) => m.removedAt !== null,
    held: (m) => m.held && m.removedAt === null,
    async heldReasons(m, _args, ctx) {
      if (!m.held || m.removedAt) return [];
      const flag = await ctx.services.trust.flagOfSubject(m.id);
      return (flag?.reasons ?? []).map((code) => ({ code, text: reasonText(code, ctx.locale) }));
    },
    pinned: (m) => m.pinnedAt !== null && m.removedAt === null,
    async supportText(m, _args, ctx) {
      if (!m.held || m.senderId !== ctx.viewer?.id) return null;
      const flag = await ctx.services.trust.flagOfSubject(m.id);
      return flag ? supportOf(flag.verdict, flag.reasons, ctx.locale) : null;
    },
    async readBy(m, _args, ctx) {
      const members = await ctx.loaders.conversationMembers.load(m.conversationId);
      const readers = members.filter(
        (r) => r.userId !== m.senderId && r.lastReadAt !== null && r.lastReadAt >= m.createdAt,
      );
      return Promise.all(readers.map((r) => loadReferenced(ctx.loaders.user, r.userId, 'reader')));
    },
    conversation: (m, _args, ctx) =>
      loadReferenced(ctx.loaders.conversation, m.conversationId, 'conversation'),
    async viewerCanRemove(m, _args, ctx) {
      if (m.removedAt || !ctx.viewer) return false;
      if (m.senderId === ctx.viewer.id) return true;
      const c = await ctx.loaders.conversation.load(m.conversationId);
      return c?.kind === 'event_group' && c.hostId === ctx.viewer.id;
    },
  },
};
