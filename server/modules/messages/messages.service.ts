import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { ConversationMemberRow, ConversationRow, MessageRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost, isSelf } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { decodeCursor, pageOf, pageSize } from '#server/lib/paging.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { FriendsService } from '#server/modules/friends/friends.service.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { SafetyService } from '#server/modules/safety/safety.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createMessagesRepository } from './messages.repository.ts';

export const MESSAGE_MAX = 2000;
// A "new messages" e-mail waits this long: someone who reads within it gets none (ADR 042).
export const DIGEST_DELAY_SECONDS = 10 * 60;
// Messages one member may send in one conversation (ADR 056): a quick burst, then about one every
// three seconds. Shared by all instances (Redis), counted per instance while Redis is away.
export const CHAT_LIMITS = [
  { name: 'burst', limit: 8, windowSeconds: 10 },
  { name: 'minute', limit: 20, windowSeconds: 60 },
] as const;

const body = z
  .string('validation.messageBody')
  .trim()
  .min(1, 'validation.messageBody')
  .max(MESSAGE_MAX, 'validation.messageBody');
const sendSchema = z.object({ eventId: z.string(), toUserId: z.string().nullish(), body });
const chatSchema = z.object({ conversationId: z.string(), body });
const userRef = z.object({ userId: z.string() });

export type Access = { conversation: ConversationRow; member: ConversationMemberRow };

// The inbox (ADR 042): event threads (host and one requester or participant, the spec's Message
// dialog), direct conversations (friends, or people who take part in an event together) and event
// group chats. Membership decides who reads and writes; every message passes the content gate;
// members hear of it live after commit, and by e-mail when away.
export function createMessagesService(
  deps: Deps,
  options: {
    events: EventsService;
    notifications: NotificationsService;
    safety: SafetyService;
    gate: TrustGate;
    friends: FriendsService;
  },
) {
  const repo = createMessagesRepository(deps.db);
  const { gate } = options;

  // The viewer's membership of a conversation, or NOT_FOUND (someone else's looks like none).
  async function access(viewer: Viewer, conversationId: string, tx: Tx | typeof deps.db = deps.db) {
    if (!isUuid(conversationId)) throw notFound('error.conversationNotFound');
    const found = await repo.membership(tx, conversationId, viewer.id);
    if (!found) throw notFound('error.conversationNotFound');
    return found;
  }

  // The other side of a one-to-one conversation.
  const otherSide = (c: ConversationRow, viewerId: string): string | null => {
    if (c.kind === 'event_thread') return c.hostId === viewerId ? c.userId : c.hostId;
    if (c.kind === 'direct') return c.directKey!.split(':').find((id) => id !== viewerId) ?? null;
    return null;
  };

  // Friends, or together in an event; never across a block.
  async function mayTalkDirectly(a: string, b: string): Promise<boolean> {
    if (await options.safety.blockedBetween(a, b)) return false;
    return (await options.friends.areFriends(a, b)) || options.friends.shareEvent(a, b);
  }

  async function canPost(viewer: Viewer, { conversation, member }: Access): Promise<boolean> {
    if (member.leftAt) return false;
    const other = otherSide(conversation, viewer.id);
    if (conversation.kind === 'direct') return other !== null && mayTalkDirectly(viewer.id, other);
    if (other) return !(await options.safety.blockedBetween(viewer.id, other));
    return true;
  }

  // Tells the members after commit: each active member's inbox channel (Redis across instances).
  // Members are read once committed (outside the transaction: the embedded database has one session).
  function tell(
    afterCommit: AfterCommit,
    conversationId: string,
    kind: 'message' | 'updated',
    messageId: string | null,
    also: string[] = [],
  ) {
    afterCommit(async () => {
      const members = await repo.membersOf([conversationId]);
      const to = new Set([...members.filter((m) => !m.leftAt).map((m) => m.userId), ...also]);
      await Promise.all(
        [...to].map((userId) =>
          deps.pubsub.publish(channels.inbox(userId), { userId, conversationId, messageId, kind }),
        ),
      );
    });
  }

  // Counts one message of the viewer in the conversation; refused past either limit, with the seconds
  // until the window that refused it ends (the client keeps the text and says when to try again).
  async function withinLimits(viewer: Viewer, conversationId: string) {
    const decisions = await Promise.all(
      CHAT_LIMITS.map((l) =>
        deps.limiter.hit(`chat:${conversationId}:${viewer.id}:${l.name}`, l.limit, l.windowSeconds),
      ),
    );
    const refused = decisions.filter((d) => !d.allowed);
    if (refused.length === 0) return;
    const seconds = Math.max(1, ...refused.map((d) => d.retryAfterSeconds));
    throw new AppError(ErrorCode.RATE_LIMITED, 'messages.tooFast', {
      params: { seconds },
      extra: { retryAfterSeconds: seconds },
    });
  }

  // Writes a message after the content gate (a block verdict is refused with the reasons; a review
  // verdict is stored held and flagged for moderators).
  async function post(viewer: Viewer, found: Access, text: string) {
    if (!(await canPost(viewer, found))) throw new AppError(ErrorCode.FORBIDDEN, 'messages.cannotPost');
    await withinLimits(viewer, found.conversation.id);
    const kind = found.conversation.kind === 'event_group' ? 'chat_message' : 'direct_message';
    const [screening] = await gate.screenFields(viewer.id, [{ field: 'body', kind, text }]);
    const held = screening?.result.verdict === 'review';
    const { conversation } = found;
    const other = otherSide(conversation, viewer.id);
    // One notification per unread streak of a one-to-one conversation (the inbox counts the rest).
    const quietBefore = other
      ? ((await repo.unreadCounts(other, [conversation.id])).get(conversation.id) ?? 0) === 0
      : false;
    return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      const message = await repo.append(tx, {
        conversationId: conversation.id,
        senderId: viewer.id,
        body: text,
        held,
      });
      await gate.record(tx, screening, { subjectId: message.id, eventId: conversation.eventId });
      if (other && quietBefore)
        await options.notifications.notify(tx, afterCommit, [
          {
            userId: other,
            type: 'message_received',
            eventId: conversation.eventId,
            actorId: viewer.id,
            data: { preview: held ? '…' : text.slice(0, 80), conversationId: conversation.id },
          },
        ]);
      tell(afterCommit, conversation.id, 'message', message.id);
      afterCommit(() => scheduleDigests(conversation.id, viewer.id));
      return { message, conversation: (await repo.byId(tx, conversation.id))! };
    });
  }

  // A "new messages" e-mail for each other member, unless one is already waiting (the queue keeps
  // one per key; this instance also remembers what it queued, so a busy chat does not queue anew on
  // every message).
  const queued = new Map<string, number>();
  async function scheduleDigests(conversationId: string, senderId: string) {
    const members = await repo.membersOf([conversationId]);
    const now = Date.now();
    if (queued.size > 50_000) queued.clear();
    await Promise.all(
      members
        .filter((m) => !m.leftAt && m.userId !== senderId)
        .filter((m) => {
          const key = `${conversationId}:${m.userId}`;
          if ((queued.get(key) ?? 0) > now - DIGEST_DELAY_SECONDS * 1000) return false;
          queued.set(key, now);
          return true;
        })
        .map((m) =>
          deps.jobs
            .send(
              'messages.digest',
              { conversationId, userId: m.userId },
              { singletonKey: `${conversationId}:${m.userId}`, startAfterSeconds: DIGEST_DELAY_SECONDS },
            )
            .catch((err: unknown) => deps.logger.warn({ err }, 'message e-mail not queued')),
        ),
    );
  }

  return {
    access,
    canPost,
    otherSide,
    tell,
    mayTalkDirectly,

    // The spec's Message dialog: the event thread between the host and one requester or participant.
    async send(viewer: Viewer, input: unknown) {
      const v = parseInput(sendSchema, input);
      if (!isUuid(v.eventId)) throw notFound('error.eventNotFound');
      const [event] = await options.events.byIds([v.eventId]);
      if (!event) throw notFound('error.eventNotFound');
      let userId: string;
      if (isHost(viewer, event)) {
        if (!v.toUserId || !isUuid(v.toUserId) || isSelf(viewer, { id: v.toUserId }))
          throw notFound('error.conversationNotFound');
        userId = v.toUserId;
      } else {
        if (v.toUserId && !isHost(v.toUserId, event)) throw notFound('error.conversationNotFound');
        userId = viewer.id;
      }
      if (!(await repo.hasAnyRequest(event.id, userId))) throw notFound('error.conversationNotFound');
      if (await options.safety.blockedBetween(event.hostId, userId))
        throw new AppError(ErrorCode.FORBIDDEN, 'safety.messagingBlocked');
      const conversation = await inTransaction(deps.db, deps.logger, async (tx) => {
        const c = await repo.findOrCreate(tx, {
          kind: 'event_thread',
          eventId: event.id,
          hostId: event.hostId,
          userId,
        });
        const now = deps.clock.now();
        if (!(await repo.member(tx, c.id, event.hostId))) await repo.join(tx, c.id, event.hostId, now);
        if (!(await repo.member(tx, c.id, userId))) await repo.join(tx, c.id, userId, now);
        return c;
      });
      return post(viewer, await access(viewer, conversation.id), v.body);
    },

    async sendChat(viewer: Viewer, input: unknown) {
      const v = parseInput(chatSchema, input);
      return post(viewer, await access(viewer, v.conversationId), v.body);
    },

    // The direct conversation with a friend or a co-participant, created on first use.
    async startDirect(viewer: Viewer, input: unknown): Promise<ConversationRow> {
      const { userId } = parseInput(userRef, input);
      if (!isUuid(userId) || isSelf(viewer, { id: userId })) throw notFound('error.userNotFound');
      if (!(await mayTalkDirectly(viewer.id, userId)))
        throw new AppError(ErrorCode.FORBIDDEN, 'messages.strangers');
      const directKey = [viewer.id, userId].sort().join(':');
      return inTransaction(deps.db, deps.logger, async (tx) => {
        const c = await repo.findOrCreate(tx, { kind: 'direct', directKey });
        const now = deps.clock.now();
        for (const id of [viewer.id, userId])
          if (!(await repo.member(tx, c.id, id))) await repo.join(tx, c.id, id, now);
        return c;
      });
    },

    // The event thread of the viewer and another side of an event (legacy reads); null when none.
    async thread(
      viewer: Viewer,
      eventId: string,
      withUserId?: string | null,
    ): Promise<ConversationRow | null> {
      if (!isUuid(eventId)) return null;
      const [event] = await options.events.byIds([eventId]);
      if (!event) return null;
      const userId = isHost(viewer, event) ? withUserId : viewer.id;
      if (!userId || !isUuid(userId)) return null;
      if (!isHost(viewer, event) && withUserId && !isHost(withUserId, event)) return null;
      const c = await repo.findThread(event.id, userId);
      if (!c || !(await repo.member(deps.db, c.id, viewer.id))) return null;
      return c;
    },

    async byId(viewer: Viewer, id: string): Promise<ConversationRow | null> {
      try {
        return (await access(viewer, id)).conversation;
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) return null;
        throw err;
      }
    },

    async inbox(viewer: Viewer, args: { first?: number | null; after?: string | null }) {
      const limit = pageSize(args.first);
      const after = args.after ? decodeCursor(args.after, ['c']) : undefined;
      const rows = await repo.inbox(viewer.id, {
        limit: limit + 1,
        after: after && { c: after.c!, id: after.id },
      });
      const byId = new Map((await repo.byIds(rows.map((r) => r.id))).map((c) => [c.id, c]));
      const page = pageOf(rows, limit, (r) => ({ c: r.activity.toISOString(), id: r.id }));
      return { ...page, nodes: page.nodes.map((r) => byId.get(r.id)!).filter(Boolean) };
    },

    async messagePage(
      viewer: Viewer,
      conversation: ConversationRow,
      args: { first?: number | null; before?: string | null },
    ) {
      const { member } = await access(viewer, conversation.id);
      const limit = pageSize(args.first, 30);
      const before = args.before ? decodeCursor(args.before, ['c'], 'before') : undefined;
      const rows = await repo.page(member, {
        limit: limit + 1,
        before: before && { c: before.c!, id: before.id },
      });
      return pageOf(rows, limit, (m) => ({ c: m.createdAt.toISOString(), id: m.id }));
    },

    async allMessages(viewer: Viewer, conversation: ConversationRow): Promise<MessageRow[]> {
      const { member } = await access(viewer, conversation.id);
      return repo.allOf(member);
    },

    async pinned(viewer: Viewer, conversation: ConversationRow): Promise<MessageRow[]> {
      if (conversation.kind !== 'event_group') return [];
      const { member } = await access(viewer, conversation.id);
      return repo.pinned(member);
    },

    async markRead(viewer: Viewer, input: { conversationId: string }) {
      const found = await access(viewer, input.conversationId);
      await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        await repo.markRead(tx, found.conversation.id, viewer.id, deps.clock.now());
        // Reading the conversation reads its message notification too.
        await options.notifications.markConversationRead(tx, viewer.id, found.conversation.id);
        tell(afterCommit, found.conversation.id, 'updated', null);
      });
      return found.conversation;
    },

    unreadCount: async (viewer: Viewer) =>
      [...(await repo.unreadCounts(viewer.id)).values()].reduce((a, b) => a + b, 0),
    unreadCounts: (viewer: Viewer, ids: readonly string[]) => repo.unreadCounts(viewer.id, ids),
    lastMessages: (viewer: Viewer, ids: readonly string[]) => repo.lastMessages(viewer.id, ids),
    membersOf: (ids: readonly string[]) => repo.membersOf(ids),
    groupsOf: (viewer: Viewer, eventIds: readonly string[]) => repo.groupsOfMember(viewer.id, eventIds),
    revealedTo: (viewer: Viewer, ids: readonly string[]) => repo.revealedTo(viewer.id, ids),
    byIds: (ids: readonly string[]) => repo.byIds(ids),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
