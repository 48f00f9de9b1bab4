import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { pushSubscriptions, serverSecrets, type PushSubscriptionRow } from '#db/schema/index.ts';

const VAPID_SECRET = 'vapid-keys';

export function createPushRepository(db: DbOrTx) {
  return {
    // The VAPID pair kept in the database: the first instance's insert wins, everyone reads it back.
    async vapidKeys(generated: { publicKey: string; privateKey: string }) {
      await db
        .insert(serverSecrets)
        .values({ name: VAPID_SECRET, value: JSON.stringify(generated) })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, VAPID_SECRET));
      return JSON.parse(row.value) as { publicKey: string; privateKey: string };
    },

    // One row per device: a browser that subscribes again (or under another account) replaces it.
    async upsert(values: typeof pushSubscriptions.$inferInsert): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            p256dh: values.p256dh,
            auth: values.auth,
            userAgent: values.userAgent,
            createdAt: new Date(),
          },
        })
        .returning();
      return row;
    },

    // Keeps the user's `keep` most recently registered devices and removes the rest.
    async keepNewest(userId: string, keep: number): Promise<number> {
      const newest = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(keep);
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    async remove(userId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async removeIds(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },

    async forUser(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    async used(ids: string[], at: Date): Promise<void> {
      if (ids.length)
        await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(inArray(pushSubscriptions.id, ids));
    },
  };
}
