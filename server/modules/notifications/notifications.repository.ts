import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { notifications, type NotificationRow } from '#db/schema/index.ts';

export type NewNotification = {
  userId: string;
  type: NotificationRow['type'];
  eventId?: string | null;
  actorId?: string | null;
  joinRequestId?: string | null;
  data?: Record<string, unknown>;
};

export function createNotificationsRepository(db: DbOrTx) {
  return {
    async markConversationRead(tx: DbOrTx, userId: string, conversationId: string): Promise<void> {
      await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.type, 'message_received'),
            isNull(notifications.readAt),
            sql`${notifications.data}->>'conversationId' = ${conversationId}`,
          ),
        );
    },
    async insertMany(tx: DbOrTx, rows: NewNotification[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return tx
        .insert(notifications)
        .values(rows.map((r) => ({ ...r, data: r.data ?? {} })))
        .returning();
    },
    async page(
      userId: string,
      options: { unreadOnly: boolean; limit: number; after?: { c: string; id: string } },
    ) {
      const conds = [eq(notifications.userId, userId)];
      if (options.unreadOnly) conds.push(isNull(notifications.readAt));
      if (options.after) {
        conds.push(
          sql`(${notifications.createdAt}, ${notifications.id}) < (${options.after.c}::timestamptz, ${options.after.id}::uuid)`,
        );
      }
      return db
        .select()
        .from(notifications)
        .where(and(...conds))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    async markRead(userId: string, ids: string[] | 'all'): Promise<void> {
      const conds = [eq(notifications.userId, userId), isNull(notifications.readAt)];
      if (ids !== 'all') {
        if (ids.length === 0) return;
        conds.push(inArray(notifications.id, ids));
      }
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(...conds));
    },

    // How many of `ids` belong to the user (read or not).
    async countOwned(userId: string, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
      return row?.n ?? 0;
    },

    async byId(userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .limit(1);
      return row;
    },
  };
}
