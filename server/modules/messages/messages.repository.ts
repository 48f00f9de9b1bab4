import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  conversations,
  joinRequests,
  messages,
  type ConversationRow,
  type MessageRow,
} from '#db/schema/index.ts';

export function createMessagesRepository(db: DbOrTx) {
  return {
    async markRemoved(tx: DbOrTx, messageId: string, at: Date): Promise<MessageRow | undefined> {
      const [row] = await tx
        .update(messages)
        .set({ removedAt: at })
        .where(eq(messages.id, messageId))
        .returning();
      return row;
    },

    async find(eventId: string, userId: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.eventId, eventId), eq(conversations.userId, userId)))
        .limit(1);
      return row;
    },

    async findOrCreate(
      tx: DbOrTx,
      values: { eventId: string; hostId: string; userId: string },
    ): Promise<ConversationRow> {
      await tx.insert(conversations).values(values).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.eventId, values.eventId), eq(conversations.userId, values.userId)));
      return row;
    },

    async append(tx: DbOrTx, conversationId: string, senderId: string, body: string): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values({ conversationId, senderId, body }).returning();
      await tx
        .update(conversations)
        .set({ lastMessageAt: sql`now()` })
        .where(eq(conversations.id, conversationId));
      return row;
    },

    async messagesOf(conversationId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(asc(messages.createdAt), asc(messages.id));
    },

    // Whether a user has ever asked to join (any state): the host may only write to such users.
    async hasAnyRequest(eventId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(joinRequests)
        .where(and(eq(joinRequests.eventId, eventId), eq(joinRequests.userId, userId)));
      return (row?.n ?? 0) > 0;
    },
  };
}
