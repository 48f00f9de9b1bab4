import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { uploads, type UploadRow } from '#db/schema/index.ts';

export function createUploadsRepository(db: DbOrTx) {
  return {
    async insert(values: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      return row;
    },

    async byId(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    async byKey(objectKey: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.objectKey, objectKey));
      return row;
    },

    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, since)));
      return row?.n ?? 0;
    },

    // pending -> processed, once: the caller that gets the row back is the one that finished it.
    async markProcessed(tx: DbOrTx, id: string, bytes: number, at: Date): Promise<UploadRow | undefined> {
      const [row] = await tx
        .update(uploads)
        .set({ status: 'processed', bytes, processedAt: at })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'pending')))
        .returning();
      return row;
    },

    // Pending uploads created before `before`, oldest first.
    async pendingCreatedBefore(before: Date, limit: number): Promise<Pick<UploadRow, 'id' | 'objectKey'>[]> {
      return db
        .select({ id: uploads.id, objectKey: uploads.objectKey })
        .from(uploads)
        .where(and(eq(uploads.status, 'pending'), lt(uploads.createdAt, before)))
        .orderBy(asc(uploads.createdAt))
        .limit(limit);
    },

    // Only rows still pending: one that was finished meanwhile stays.
    async deletePending(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(uploads)
        .where(and(inArray(uploads.id, ids), eq(uploads.status, 'pending')))
        .returning({ id: uploads.id });
      return rows.length;
    },

    async markRejected(id: string, rejection: string, at: Date): Promise<void> {
      await db
        .update(uploads)
        .set({ status: 'rejected', rejection, processedAt: at })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'pending')));
    },
  };
}
