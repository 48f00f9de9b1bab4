import { z } from 'zod';
import type { ConversationRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost, isSelf } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { Tx } from '#db/client.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { SafetyService } from '#server/modules/safety/safety.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import { createMessagesRepository } from './messages.repository.ts';

const sendSchema = z.object({
  eventId: z.string(),
  toUserId: z.string().nullish(),
  body: z
    .string('validation.messageBody')
    .trim()
    .min(1, 'validation.messageBody')
    .max(2000, 'validation.messageBody'),
});

// Conversations between an event's host and one requester or participant (the spec's Message dialog).
export function createMessagesService(
  deps: Deps,
  options: {
    events: EventsService;
    notifications: NotificationsService;
    safety: SafetyService;
    gate: TrustGate;
  },
) {
  const repo = createMessagesRepository(deps.db);

  // Who the viewer talks to about this event, or NOT_FOUND when they have no business there.
  async function counterpart(viewer: Viewer, eventId: string, withUserId: string | null | undefined) {
    const [event] = await options.events.byIds([eventId]);
    if (!event) throw notFound('error.eventNotFound');
    if (isHost(viewer, event)) {
      if (!withUserId || !isUuid(withUserId) || isSelf(viewer, { id: withUserId }))
        throw notFound('error.conversationNotFound');
      if (!(await repo.hasAnyRequest(event.id, withUserId))) throw notFound('error.conversationNotFound');
      return { event, hostId: viewer.id, userId: withUserId, recipient: withUserId };
    }
    if (withUserId && !isHost(withUserId, event)) throw notFound('error.conversationNotFound');
    if (!(await repo.hasAnyRequest(event.id, viewer.id))) throw notFound('error.conversationNotFound');
    return { event, hostId: event.hostId, userId: viewer.id, recipient: event.hostId };
  }

  return {
    async send(viewer: Viewer, input: unknown) {
      const v = parseInput(sendSchema, input);
      const who = await counterpart(viewer, v.eventId, v.toUserId);
      // Either side's block ends the conversation; the history stays readable.
      if (await options.safety.blockedBetween(viewer.id, who.recipient))
        throw new AppError(ErrorCode.FORBIDDEN, 'safety.messagingBlocked');
      // The content gate: a blocked message is refused with the reasons (ADR 039).
      const screenings = await options.gate.screenFields(viewer.id, [
        { field: 'body', kind: 'direct_message', text: v.body },
      ]);
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const conversation = await repo.findOrCreate(tx, {
          eventId: who.event.id,
          hostId: who.hostId,
          userId: who.userId,
        });
        const message = await repo.append(tx, conversation.id, viewer.id, v.body);
        await options.gate.recordAll(tx, screenings, { subjectId: message.id, eventId: who.event.id });
        await options.notifications.notify(tx, afterCommit, [
          {
            userId: who.recipient,
            type: 'message_received',
            eventId: who.event.id,
            actorId: viewer.id,
            data: { title: who.event.title, preview: v.body.slice(0, 80), conversationId: conversation.id },
          },
        ]);
        return { message, conversation };
      });
    },

    // The viewer's conversation about an event; null when there is none yet, NOT_FOUND for strangers.
    async conversation(
      viewer: Viewer,
      eventId: string,
      withUserId?: string | null,
    ): Promise<ConversationRow | null> {
      if (!isUuid(eventId)) return null;
      try {
        const who = await counterpart(viewer, eventId, withUserId);
        return (await repo.find(who.event.id, who.userId)) ?? null;
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) return null;
        throw err;
      }
    },

    messagesOf: (conversation: ConversationRow) => repo.messagesOf(conversation.id),

    // A moderator removed a message (ADR 039), in the action's transaction.
    async removeMessage(tx: Tx, _afterCommit: AfterCommit, messageId: string | null): Promise<void> {
      if (messageId && isUuid(messageId)) await repo.markRemoved(tx, messageId, deps.clock.now());
    },
  };
}
