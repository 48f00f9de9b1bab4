import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { events, eventSeries, type EventRow, type EventSeriesRow } from '#db/schema/index.ts';

export function createSeriesRepository(db: DbOrTx) {
  return {
    async insert(tx: DbOrTx, values: typeof eventSeries.$inferInsert): Promise<EventSeriesRow> {
      const [row] = await tx.insert(eventSeries).values(values).returning();
      return row;
    },

    async byIds(ids: readonly string[]): Promise<EventSeriesRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(eventSeries)
        .where(inArray(eventSeries.id, [...ids]));
    },

    // This occurrence and the later ones that are not cancelled, locked in start order (every writer
    // locks a series' rows in this order).
    async lockFollowing(tx: DbOrTx, seriesId: string, from: Date): Promise<EventRow[]> {
      return tx
        .select()
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gte(events.startsAt, from), isNull(events.cancelledAt)))
        .orderBy(asc(events.startsAt))
        .for('update');
    },

    async occurrences(seriesId: string, tx: DbOrTx = db): Promise<EventRow[]> {
      return tx.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(asc(events.startsAt));
    },

    // Whether the whole series is off before anyone took part and before it began: its token comes back.
    async refundable(tx: DbOrTx, seriesId: string, now: Date): Promise<boolean> {
      const [row] = await tx
        .select({
          open: sql<number>`count(*) filter (where ${events.cancelledAt} is null)::int`,
          joined: sql<number>`coalesce(sum(${events.participantCount}), 0)::int`,
          first: sql<Date>`min(${events.startsAt})`,
        })
        .from(events)
        .where(eq(events.seriesId, seriesId));
      return Boolean(row && row.open === 0 && row.joined === 0 && new Date(row.first) > now);
    },
  };
}
