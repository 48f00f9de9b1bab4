import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { blocks, reports, type BlockRow, type ReportRow } from '#db/schema/index.ts';

export function createSafetyRepository(db: DbOrTx) {
  return {
    // Serialises one reporter's reports (dedupe and rate limit read, then write) without touching
    // rows other code locks; released at commit.
    async lockReporter(tx: DbOrTx, reporterId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`report:${reporterId}`}, 0))`);
    },

    async openReport(
      tx: DbOrTx,
      reporterId: string,
      targetUserId: string,
      eventId: string | null,
    ): Promise<ReportRow | undefined> {
      const [row] = await tx
        .select()
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporterId),
            eq(reports.targetUserId, targetUserId),
            eventId ? eq(reports.eventId, eventId) : isNull(reports.eventId),
            eq(reports.status, 'open'),
          ),
        )
        .orderBy(desc(reports.createdAt))
        .limit(1);
      return row;
    },

    // The reporter's priority report about the event, if any (one per event, ADR 069).
    async priorityReportOf(tx: DbOrTx, reporterId: string, eventId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(eq(reports.reporterId, reporterId), eq(reports.eventId, eventId), eq(reports.priority, true)),
        )
        .limit(1);
      return rows.length > 0;
    },

    async reportsSince(tx: DbOrTx, reporterId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
      return row?.n ?? 0;
    },

    async insertReport(tx: DbOrTx, values: typeof reports.$inferInsert): Promise<ReportRow> {
      const [row] = await tx.insert(reports).values(values).returning();
      return row;
    },

    // A block in either direction between the two users.
    async blockedBetween(a: string, b: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    // True when the row is new; the primary key makes a repeated block a no-op.
    async insertBlock(tx: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await tx
        .insert(blocks)
        .values({ blockerId, blockedId })
        .onConflictDoNothing()
        .returning({ blockerId: blocks.blockerId });
      return rows.length === 1;
    },

    async deleteBlock(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
        .returning({ blockerId: blocks.blockerId });
      return rows.length === 1;
    },

    async blocksOf(blockerId: string): Promise<BlockRow[]> {
      return db
        .select()
        .from(blocks)
        .where(eq(blocks.blockerId, blockerId))
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
    },

    // Which of `userIds` the blocker has blocked.
    async blockedAmong(blockerId: string, userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ id: blocks.blockedId })
        .from(blocks)
        .where(and(eq(blocks.blockerId, blockerId), inArray(blocks.blockedId, [...userIds])));
      return new Set(rows.map((r) => r.id));
    },
  };
}
