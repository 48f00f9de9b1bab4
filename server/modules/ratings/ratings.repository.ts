import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { ratings, type RatingRow } from '#db/schema/index.ts';

export function createRatingsRepository(db: DbOrTx) {
  return {
    async clearFeedback(tx: DbOrTx, ratingId: string): Promise<void> {
      await tx.update(ratings).set({ feedback: null }).where(eq(ratings.id, ratingId));
    },

    // One row per (event, rater, ratee): rating again replaces score and feedback, and the time.
    async upsert(
      tx: DbOrTx,
      values: {
        eventId: string;
        raterId: string;
        rateeId: string;
        score: number;
        feedback: string | null;
        at: Date;
      },
    ): Promise<RatingRow> {
      const { at, ...row } = values;
      const [saved] = await tx
        .insert(ratings)
        .values({ ...row, createdAt: at })
        .onConflictDoUpdate({
          target: [ratings.eventId, ratings.raterId, ratings.rateeId],
          set: { score: row.score, feedback: row.feedback, createdAt: at },
        })
        .returning();
      return saved;
    },

    // Every rating the rater gave on each event: of the host (as a participant) or of participants
    // (as the host).
    async ofRater(raterId: string, eventIds: readonly string[]): Promise<Map<string, RatingRow[]>> {
      const result = new Map<string, RatingRow[]>();
      if (eventIds.length === 0) return result;
      const rows = await db
        .select()
        .from(ratings)
        .where(and(eq(ratings.raterId, raterId), inArray(ratings.eventId, [...eventIds])));
      for (const r of rows) result.set(r.eventId, [...(result.get(r.eventId) ?? []), r]);
      return result;
    },
  };
}
