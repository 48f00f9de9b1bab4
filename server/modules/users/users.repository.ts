import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  badges,
  eventParticipants,
  events,
  ratings,
  userBadges,
  users,
  type IpLocation,
  type NewUserRow,
  type UserRow,
} from '#db/schema/index.ts';
import type { BadgeModel, UserStatsModel } from './users.mappers.ts';

export function createUsersRepository(db: DbOrTx) {
  return {
    async findBySub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.sub, sub)).limit(1);
      return row;
    },

    async findByIds(ids: readonly string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    // Returns the new row, or undefined when another request created the same sub first.
    async insertIfAbsent(tx: DbOrTx, values: NewUserRow): Promise<UserRow | undefined> {
      const [row] = await tx
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.sub })
        .returning();
      return row;
    },

    async touchLastSeen(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ lastSeenAt: sql`now()` })
        .where(
          and(
            eq(users.id, userId),
            sql`(${users.lastSeenAt} is null or ${users.lastSeenAt} < now() - interval '1 minute')`,
          ),
        );
    },

    async setIpLocation(userId: string, location: IpLocation): Promise<void> {
      await db.update(users).set({ lastIpLocation: location }).where(eq(users.id, userId));
    },

    async statsFor(userIds: readonly string[]): Promise<Map<string, UserStatsModel>> {
      const ids = [...userIds];
      const result = new Map<string, UserStatsModel>(
        ids.map((id) => [
          id,
          { eventsHosted: 0, eventsJoined: 0, totalParticipants: 0, averageRating: null },
        ]),
      );
      if (ids.length === 0) return result;
      const hosted = await db
        .select({
          userId: events.hostId,
          n: count(),
          participants: sql<number>`coalesce(sum(${events.participantCount}), 0)::int`,
        })
        .from(events)
        .where(and(inArray(events.hostId, ids), isNull(events.cancelledAt)))
        .groupBy(events.hostId);
      for (const h of hosted)
        Object.assign(result.get(h.userId)!, { eventsHosted: h.n, totalParticipants: h.participants });
      const joined = await db
        .select({ userId: eventParticipants.userId, n: count() })
        .from(eventParticipants)
        .where(inArray(eventParticipants.userId, ids))
        .groupBy(eventParticipants.userId);
      for (const j of joined) result.get(j.userId)!.eventsJoined = j.n;
      const rated = await db
        .select({
          userId: ratings.rateeId,
          avg: sql<number>`round(avg(${ratings.score})::numeric, 2)::float8`,
        })
        .from(ratings)
        .innerJoin(events, and(eq(events.id, ratings.eventId), eq(events.hostId, ratings.rateeId)))
        .where(inArray(ratings.rateeId, ids))
        .groupBy(ratings.rateeId);
      for (const r of rated) result.get(r.userId)!.averageRating = r.avg;
      return result;
    },

    async badgesFor(userIds: readonly string[]): Promise<Map<string, BadgeModel[]>> {
      const ids = [...userIds];
      const result = new Map<string, BadgeModel[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return result;
      const rows = await db
        .select({ userId: userBadges.userId, badge: badges, earnedAt: userBadges.earnedAt })
        .from(userBadges)
        .innerJoin(badges, eq(badges.id, userBadges.badgeId))
        .where(inArray(userBadges.userId, ids))
        .orderBy(sql`${userBadges.earnedAt} desc`);
      for (const r of rows) result.get(r.userId)!.push({ ...r.badge, earnedAt: r.earnedAt });
      return result;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
