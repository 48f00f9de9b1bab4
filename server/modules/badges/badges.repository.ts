import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { userBadges } from '#db/schema/index.ts';
import type { BadgeFacts } from './badges.catalog.ts';

export type EarnedBadge = { id: string; earnedAt: Date };

export function createBadgesRepository(db: DbOrTx) {
  return {
    // Everything the rules read about one user, in one statement (inside the caller's transaction, so
    // the write that triggered it is counted).
    async factsOf(tx: DbOrTx, userId: string): Promise<BadgeFacts | undefined> {
      const { rows } = await tx.execute<{
        hosted: number;
        joined: number;
        night: boolean;
        early: boolean;
        modes: number;
        weeks: string[] | null;
        host_ratings: number;
        host_average: number | null;
        feedback_given: number;
        has_picture: boolean;
        has_username: boolean;
        has_bio: boolean;
        has_city: boolean;
        interests: number;
      }>(sql`
        with part as (
          select e.mode, (e.starts_at at time zone 'Europe/Istanbul') as local_start
            from events e where e.host_id = ${userId} and e.cancelled_at is null
          union all
          select e.mode, (e.starts_at at time zone 'Europe/Istanbul') as local_start
            from event_participants p join events e on e.id = p.event_id
           where p.user_id = ${userId} and e.cancelled_at is null
        )
        select
          (select count(*)::int from events e where e.host_id = u.id and e.cancelled_at is null) as hosted,
          (select count(*)::int from event_participants p where p.user_id = u.id) as joined,
          exists (select 1 from part where extract(hour from local_start) >= 23 or extract(hour from local_start) < 5) as night,
          exists (select 1 from part where extract(hour from local_start) between 5 and 8) as early,
          (select count(distinct mode)::int from part) as modes,
          (select array_agg(w order by w) from (
             select distinct to_char(date_trunc('week', local_start), 'YYYY-MM-DD') as w from part) weeks) as weeks,
          (select count(*)::int from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id
             where r.ratee_id = u.id) as host_ratings,
          (select avg(r.score)::float8 from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id
             where r.ratee_id = u.id) as host_average,
          (select count(*)::int from ratings r where r.rater_id = u.id and r.feedback is not null) as feedback_given,
          (u.avatar_key is not null or u.avatar_url is not null) as has_picture,
          (u.username is not null) as has_username,
          (coalesce(u.bio, '') <> '') as has_bio,
          (u.city is not null) as has_city,
          cardinality(u.interests)::int as interests
        from users u where u.id = ${userId} and u.deleted_at is null`);
      const r = rows[0];
      if (!r) return undefined;
      return {
        hosted: r.hosted,
        joined: r.joined,
        night: r.night,
        early: r.early,
        modes: r.modes,
        weeks: r.weeks ?? [],
        hostRatings: r.host_ratings,
        hostAverage: r.host_average,
        feedbackGiven: r.feedback_given,
        hasPicture: r.has_picture,
        hasUsername: r.has_username,
        hasBio: r.has_bio,
        hasCity: r.has_city,
        interests: r.interests,
      };
    },

    // Inserts the badges the user does not have yet; returns only those (the primary key makes a
    // second award, even a concurrent one, a no-op).
    async award(tx: DbOrTx, userId: string, badgeIds: readonly string[], at: Date): Promise<EarnedBadge[]> {
      if (badgeIds.length === 0) return [];
      const rows = await tx
        .insert(userBadges)
        .values(badgeIds.map((badgeId) => ({ userId, badgeId, earnedAt: at })))
        .onConflictDoNothing()
        .returning({ id: userBadges.badgeId, earnedAt: userBadges.earnedAt });
      return rows;
    },

    async heldBy(tx: DbOrTx, userId: string): Promise<Set<string>> {
      const rows = await tx
        .select({ id: userBadges.badgeId })
        .from(userBadges)
        .where(eq(userBadges.userId, userId));
      return new Set(rows.map((r) => r.id));
    },

    async badgesFor(userIds: readonly string[]): Promise<Map<string, EarnedBadge[]>> {
      const ids = [...userIds];
      const result = new Map<string, EarnedBadge[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return result;
      const rows = await db
        .select({ userId: userBadges.userId, id: userBadges.badgeId, earnedAt: userBadges.earnedAt })
        .from(userBadges)
        .where(inArray(userBadges.userId, ids))
        .orderBy(sql`${userBadges.earnedAt} desc, ${userBadges.badgeId}`);
      for (const r of rows) result.get(r.userId)!.push({ id: r.id, earnedAt: r.earnedAt });
      return result;
    },
  };
}
