import { and, eq, gt, sql } from 'drizzle-orm';
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

    async markRejected(id: string, rejection: string, at: Date): Promise<void> {
      await db
        .update(uploads)
        .set({ status: 'rejected', rejection, processedAt: at })
        .where(and(eq(uploads.id, id), eq(uploads.status, 'pending')));
    },
  };
}
