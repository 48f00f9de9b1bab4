import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { eventDrafts, type EventDraftRow } from '#db/schema/index.ts';

// A host's saved wizards (ADR 037). Every read and write names the host: a draft is only its host's.
export function createEventDraftsRepository(db: DbOrTx) {
  return {
    async mine(hostId: string, limit: number): Promise<EventDraftRow[]> {
      return db
        .select()
        .from(eventDrafts)
        .where(eq(eventDrafts.hostId, hostId))
        .orderBy(desc(eventDrafts.updatedAt), desc(eventDrafts.id))
        .limit(limit);
    },

    async byId(hostId: string, id: string): Promise<EventDraftRow | undefined> {
      const [row] = await db
        .select()
        .from(eventDrafts)
        .where(and(eq(eventDrafts.id, id), eq(eventDrafts.hostId, hostId)));
      return row;
    },

    async countOf(tx: DbOrTx, hostId: string): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(eventDrafts).where(eq(eventDrafts.hostId, hostId));
      return row?.n ?? 0;
    },

    async insert(
      tx: DbOrTx,
      values: Pick<EventDraftRow, 'hostId' | 'mode' | 'values' | 'step'>,
    ): Promise<EventDraftRow> {
      const [row] = await tx.insert(eventDrafts).values(values).returning();
      return row;
    },

    async update(
      tx: DbOrTx,
      hostId: string,
      id: string,
      values: Pick<EventDraftRow, 'mode' | 'values' | 'step'>,
    ): Promise<EventDraftRow | undefined> {
      const [row] = await tx
        .update(eventDrafts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(eventDrafts.id, id), eq(eventDrafts.hostId, hostId)))
        .returning();
      return row;
    },

    async removeAll(tx: DbOrTx, hostId: string): Promise<void> {
      await tx.delete(eventDrafts).where(eq(eventDrafts.hostId, hostId));
    },

    // True when the host's draft was there (and is gone now).
    async remove(tx: DbOrTx, hostId: string, id: string): Promise<boolean> {
      const rows = await tx
        .delete(eventDrafts)
        .where(and(eq(eventDrafts.id, id), eq(eventDrafts.hostId, hostId)))
        .returning({ id: eventDrafts.id });
      return rows.length === 1;
    },
  };
}
