import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { preparedRows, rowCodec, uuidArray } from '#db/row-codec.ts';
import {
  badges,
  userBadges,
  users,
  type IpLocation,
  type NewUserRow,
  type UserRow,
} from '#db/schema/index.ts';
import type { BadgeModel, UserStatsModel } from './users.mappers.ts';

const userRow = rowCodec(users);

export function createUsersRepository(db: DbOrTx) {
  return {
    async findBySub(sub: string): Promise<UserRow | undefined> {
      // Every request resolves its viewer by sub: a prepared statement and the row codec.
      const [raw] = await preparedRows(
        db,
        sql`select ${userRow.columns} from ${users} where ${users.sub} = ${sub} limit 1`,
      );
      return raw ? userRow.decode(raw) : undefined;
    },

    async findByIds(ids: readonly string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      // Behind every card's host and every participant: the fixed column list of rowCodec.
      const rows = await preparedRows(
        db,
        sql`select ${userRow.columns} from ${users} where ${users.id} = any(${uuidArray(ids)})`,
      );
      return rows.map(userRow.decode);
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

    // One write for a request's traces: the last-seen time (at most once a minute) and, when given,
    // the place of the request's IP.
    async recordSeen(userId: string, location: IpLocation | undefined): Promise<void> {
      const stale = sql`(${users.lastSeenAt} is null or ${users.lastSeenAt} < now() - interval '1 minute')`;
      await db
        .update(users)
        .set({
          lastSeenAt: sql`case when ${stale} then now() else ${users.lastSeenAt} end`,
          ...(location && { lastIpLocation: location }),
        })
        .where(location ? eq(users.id, userId) : and(eq(users.id, userId), stale));
    },

    // One round trip for every user's numbers: hosted (not cancelled), participants across them,
    // events joined, and the average rating received as a host.
    async statsFor(userIds: readonly string[]): Promise<Map<string, UserStatsModel>> {
      const ids = [...userIds];
      const result = new Map<string, UserStatsModel>(
        ids.map((id) => [
          id,
          { eventsHosted: 0, eventsJoined: 0, totalParticipants: 0, averageRating: null },
        ]),
      );
      if (ids.length === 0) return result;
      const rows = (await preparedRows(
        db,
        sql`
        select u.id, u.hosted_events as hosted, u.hosted_participants as participants,
          (select count(*)::int from event_participants p where p.user_id = u.id) as joined,
          (select round(avg(r.score)::numeric, 2)::float8 from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id
             where r.ratee_id = u.id) as rating
        from users u where u.id = any(${uuidArray(ids)})`,
      )) as { id: string; hosted: number; participants: number; joined: number; rating: number | null }[];
      for (const r of rows) {
        result.set(r.id, {
          eventsHosted: r.hosted,
          eventsJoined: r.joined,
          totalParticipants: r.participants,
          averageRating: r.rating,
        });
      }
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
