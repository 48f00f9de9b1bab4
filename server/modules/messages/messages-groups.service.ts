import DataLoader from 'dataloader';
import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { ConversationRow, EventRow, MessageRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createMessagesRepository } from './messages.repository.ts';
import type { Access, MessagesService } from './messages.service.ts';

const messageRef = z.object({ messageId: z.string() });
const pinSchema = z.object({ messageId: z.string(), pinned: z.boolean() });
const memberSchema = z.object({ conversationId: z.string(), userId: z.string() });

// Event group chats (ADR 042): the host and accepted participants, the chat made with the first
// acceptance; leaving the event leaves the chat. The host pins, removes messages and members; a
// sender removes their own messages; a member may read a held message despite the warning.
export function createMessageGroupsService(
  deps: Deps,
  options: { messages: MessagesService; events: EventsService },
) {
  const repo = createMessagesRepository(deps.db);
  const { messages } = options;

  // The message, if the viewer may see it (a member, sent before they left).
  async function visibleMessage(viewer: Viewer, messageId: string, tx: Tx | typeof deps.db = deps.db) {
    if (!isUuid(messageId)) throw notFound('messages.messageNotFound');
    const message = await repo.messageById(tx, messageId);
    if (!message) throw notFound('messages.messageNotFound');
    const found = await messages.access(viewer, message.conversationId, tx).catch(() => null);
    if (!found || (found.member.leftAt && message.createdAt > found.member.leftAt))
      throw notFound('messages.messageNotFound');
    return { message, ...found };
  }

  async function hostOfGroup(conversation: {
    kind: string;
    eventId: string | null;
  }): Promise<EventRow | null> {
    if (conversation.kind !== 'event_group' || !conversation.eventId) return null;
    const [event] = await options.events.byIds([conversation.eventId]);
    return event ?? null;
  }

  // Every member's subscription on this instance reads the same new message: one read serves them
  // all for a moment (the membership check stays per subscriber).
  const recent = new Map<string, { at: number; row: Promise<MessageRow | undefined> }>();
  function sharedMessage(id: string): Promise<MessageRow | undefined> {
    const now = Date.now();
    const hit = recent.get(id);
    if (hit && hit.at > now - 2000) return hit.row;
    if (recent.size > 1000) recent.clear();
    const row = repo.messageById(deps.db, id);
    recent.set(id, { at: now, row });
    return row;
  }

  // The membership re-check of every subscriber that hears the same event in the same tick, in one
  // query per conversation (not cached: each event reads the current rows).
  const memberships = new DataLoader<string, Access | null>(
    async (keys) => {
      const byConversation = new Map<string, string[]>();
      for (const key of keys) {
        const [conversationId, userId] = key.split(':');
        byConversation.set(conversationId, [...(byConversation.get(conversationId) ?? []), userId]);
      }
      const found = new Map<string, Access>();
      for (const [conversationId, userIds] of byConversation)
        for (const row of await repo.memberships(conversationId, userIds))
          found.set(`${conversationId}:${row.member.userId}`, row);
      return keys.map((key) => found.get(key) ?? null);
    },
    { cache: false },
  );

  const run = <T>(work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>) =>
    inTransaction(deps.db, deps.logger, work);

  return {
    // In the accepting transaction: the event's group chat exists, with the host and this participant.
    async joinGroup(
      tx: Tx,
      afterCommit: AfterCommit,
      event: Pick<EventRow, 'id' | 'hostId'>,
      userId: string,
    ) {
      const group = await repo.findOrCreate(tx, {
        kind: 'event_group',
        eventId: event.id,
        hostId: event.hostId,
      });
      const now = deps.clock.now();
      if (!(await repo.member(tx, group.id, event.hostId))) await repo.join(tx, group.id, event.hostId, now);
      await repo.join(tx, group.id, userId, now);
      messages.tell(afterCommit, group.id, 'updated', null);
    },

    // In the leaving transaction: new messages of the group chat no longer reach the user.
    async leaveGroup(tx: Tx, afterCommit: AfterCommit, eventId: string, userId: string) {
      const group = await repo.groupOf(tx, eventId);
      if (!group) return;
      if (await repo.leave(tx, group.id, userId, deps.clock.now(), null))
        messages.tell(afterCommit, group.id, 'updated', null, [userId]);
    },

    async reveal(viewer: Viewer, input: unknown): Promise<MessageRow> {
      const { messageId } = parseInput(messageRef, input);
      const { message } = await visibleMessage(viewer, messageId);
      if (message.held) await repo.reveal(deps.db, message.id, viewer.id);
      return message;
    },

    async pin(viewer: Viewer, input: unknown): Promise<MessageRow> {
      const { messageId, pinned } = parseInput(pinSchema, input);
      const { message, conversation } = await visibleMessage(viewer, messageId);
      const event = await hostOfGroup(conversation);
      if (!event || !isHost(viewer, event)) throw new AppError(ErrorCode.FORBIDDEN, 'messages.hostOnly');
      if (message.removedAt) throw new AppError(ErrorCode.CONFLICT, 'messages.removed');
      return run(async (tx, afterCommit) => {
        const row = (await repo.updateMessage(tx, message.id, {
          pinnedAt: pinned ? deps.clock.now() : null,
        }))!;
        messages.tell(afterCommit, conversation.id, 'updated', message.id);
        return row;
      });
    },

    // The sender, or the host of a group chat; a removed message says so to everyone.
    async removeMessage(viewer: Viewer, input: unknown): Promise<MessageRow> {
      const { messageId } = parseInput(messageRef, input);
      const { message, conversation } = await visibleMessage(viewer, messageId);
      const event = await hostOfGroup(conversation);
      if (message.senderId !== viewer.id && !(event && isHost(viewer, event)))
        throw new AppError(ErrorCode.FORBIDDEN, 'messages.notYours');
      if (message.removedAt) return message;
      return run(async (tx, afterCommit) => {
        const row = (await repo.updateMessage(tx, message.id, {
          removedAt: deps.clock.now(),
          pinnedAt: null,
        }))!;
        messages.tell(afterCommit, conversation.id, 'updated', message.id);
        return row;
      });
    },

    async removeMember(viewer: Viewer, input: unknown) {
      const { conversationId, userId } = parseInput(memberSchema, input);
      const { conversation } = await messages.access(viewer, conversationId);
      const event = await hostOfGroup(conversation);
      if (!event || !isHost(viewer, event)) throw new AppError(ErrorCode.FORBIDDEN, 'messages.hostOnly');
      if (!isUuid(userId) || isHost(userId, event)) throw notFound('error.userNotFound');
      return run(async (tx, afterCommit) => {
        const left = await repo.leave(tx, conversation.id, userId, deps.clock.now(), viewer.id);
        if (!left) throw notFound('error.userNotFound');
        messages.tell(afterCommit, conversation.id, 'updated', null, [userId]);
        return conversation;
      });
    },

    // Moderation (ADR 039): removed for everyone, or kept (no longer held).
    async removeForModeration(tx: Tx, afterCommit: AfterCommit, messageId: string | null): Promise<void> {
      if (!messageId || !isUuid(messageId)) return;
      const row = await repo.updateMessage(tx, messageId, { removedAt: deps.clock.now(), pinnedAt: null });
      if (row) messages.tell(afterCommit, row.conversationId, 'updated', row.id);
    },

    async keepForModeration(tx: Tx, afterCommit: AfterCommit, messageId: string | null): Promise<void> {
      if (!messageId || !isUuid(messageId)) return;
      const row = await repo.updateMessage(tx, messageId, { held: false });
      if (row) messages.tell(afterCommit, row.conversationId, 'updated', row.id);
    },

    visibleMessage,

    // Live: what reaches the viewer's inbox channel, re-checked against their membership (a member
    // who left gets nothing sent after; their own removal still reaches them as an update).
    async *subscribe(
      viewer: Viewer,
      kind: 'message' | 'updated',
      conversationId: string | null,
    ): AsyncGenerator<{ message: MessageRow | null; conversation: ConversationRow }> {
      const subscription = await deps.pubsub.subscribe(channels.inbox(viewer.id));
      try {
        for await (const event of subscription) {
          if (event.userId !== viewer.id || event.kind !== kind) continue;
          if (conversationId && event.conversationId !== conversationId) continue;
          const found = isUuid(event.conversationId)
            ? await memberships.load(`${event.conversationId}:${viewer.id}`)
            : null;
          if (!found) continue;
          if (kind === 'updated') {
            yield { message: null, conversation: found.conversation };
            continue;
          }
          const message = event.messageId ? await sharedMessage(event.messageId) : undefined;
          if (!message || (found.member.leftAt && message.createdAt > found.member.leftAt)) continue;
          yield { message, conversation: found.conversation };
        }
      } finally {
        await subscription.return();
      }
    },
  };
}
