import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  prepareStatement,
  preparedRows,
  rowCodec,
  statementRows,
  uuidArray,
  validUuids,
} from '#db/row-codec.ts';
import {
  eventParticipants,
  events,
  ratings,
  users,
  type IpLocation,
  type NewUserRow,
  type UserRow,
} from '#db/schema/index.ts';
import { notBlockedWith } from '#server/modules/safety/safety.filters.ts';
import type { RatingSummaryModel, UserStatsModel } from './users.mappers.ts';
import { olderThan } from '#server/lib/keyset.ts';

// The columns a profile edit may write.
export type ProfileColumns = Partial<
  Pick<
    UserRow,
    | 'displayName'
    | 'username'
    | 'bio'
    | 'city'
    | 'district'
    | 'homeLat'
    | 'homeLng'
    | 'exactLocation'
    | 'interests'
    | 'avatarKey'
    | 'avatarUrl'
    | 'avatarSetAt'
    | 'locale'
    | 'notificationPrefs'
  >
>;

const userRow = rowCodec(users);

// A user's numbers (UserStats): the trigger-kept host counters on the row, events joined, and the
// ratings received as the host of an event.
const STATS_COLUMNS = sql`${users.hostedEvents} as "statHosted", ${users.hostedParticipants} as "statParticipants",
  (select count(*)::int from event_participants p where p.user_id = ${users.id}) as "statJoined",
  host_rating.average as "statRating", host_rating.n as "statRatings"`;
const STATS_JOIN = sql`left join lateral (
  select round(avg(r.score)::numeric, 2)::float8 as average, count(*)::int as n
  from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id where r.ratee_id = ${users.id}
) host_rating on true`;
const NO_STATS: UserStatsModel = {
  eventsHosted: 0,
  eventsJoined: 0,
  totalParticipants: 0,
  averageRating: null,
  hostRatingCount: 0,
};

// The stat* columns stay on the decoded row (deleting keys would slow every later read of it).
const BY_SUB = prepareStatement(
  sql`select ${userRow.columns} from ${users} where ${users.sub} = ${sql.placeholder('sub')} limit 1`,
);
const WITH_STATS = prepareStatement(
  sql`select ${userRow.columns}, ${STATS_COLUMNS} from ${users} ${STATS_JOIN}
  where ${users.id} = any(${sql.placeholder('ids')}::uuid[])`,
);
const STATS = prepareStatement(
  sql`select ${users.id} as id, ${STATS_COLUMNS} from ${users} ${STATS_JOIN}
  where ${users.id} = any(${sql.placeholder('ids')}::uuid[])`,
);

function statsOf(raw: Record<string, unknown>): UserStatsModel {
  const stats = {
    eventsHosted: raw.statHosted as number,
    eventsJoined: raw.statJoined as number,
    totalParticipants: raw.statParticipants as number,
    averageRating: raw.statRating as number | null,
    hostRatingCount: raw.statRatings as number,
  };
  return stats;
}

export function createUsersRepository(db: DbOrTx) {
  return {
    async findBySub(sub: string): Promise<UserRow | undefined> {
      // Every request resolves its viewer by sub: a prepared statement and the row codec.
      const [raw] = await statementRows(db, BY_SUB, { sub });
      return raw ? userRow.decode(raw) : undefined;
    },

    async findByIds(ids: readonly string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      const rows = await preparedRows(
        db,
        sql`select ${userRow.columns} from ${users} where ${users.id} = any(${uuidArray(ids)})`,
      );
      return rows.map(userRow.decode);
    },

    // Behind every card's host and every participant: the row and the user's numbers in one
    // statement (cards show the host's rating and rank next to the name).
    async findWithStats(ids: readonly string[]): Promise<{ row: UserRow; stats: UserStatsModel }[]> {
      if (ids.length === 0) return [];
      const rows = await statementRows(db, WITH_STATS, { ids: validUuids(ids) });
      return rows.map((raw) => ({ stats: statsOf(raw), row: userRow.decode(raw) }));
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
        // A request still in flight when the account was deleted leaves no trace.
        .where(and(eq(users.id, userId), isNull(users.deletedAt), ...(location ? [] : [stale])));
    },

    // One round trip for every user's numbers: hosted (not cancelled), participants across them,
    // events joined, and the rating received as a host (average and count).
    async statsFor(userIds: readonly string[]): Promise<Map<string, UserStatsModel>> {
      const ids = [...userIds];
      const result = new Map<string, UserStatsModel>(ids.map((id) => [id, { ...NO_STATS }]));
      if (ids.length === 0) return result;
      const rows = await statementRows(db, STATS, { ids: validUuids(ids) });
      for (const raw of rows) result.set(raw.id as string, statsOf(raw));
      return result;
    },
    // NO KEY UPDATE: other transactions may still insert rows that point at the user (notifications,
    // badges take a KEY SHARE lock through their foreign key), so a profile edit or a deletion never
    // deadlocks with a host accepting this user's request.
    async lock(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
      return row;
    },

    async update(tx: DbOrTx, userId: string, values: ProfileColumns): Promise<UserRow> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    // Whether someone else holds the username's folded key.
    async usernameTakenByOther(key: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.usernameKey, key), ne(users.id, userId)))
        .limit(1);
      return row !== undefined;
    },

    // Sets a processed picture unless a newer upload already became the picture.
    async setAvatarIfNewer(tx: DbOrTx, userId: string, key: string, uploadedAt: Date) {
      const [before] = await tx
        .select({ avatarKey: users.avatarKey, avatarSetAt: users.avatarSetAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      if (!before || (before.avatarSetAt && before.avatarSetAt.getTime() > uploadedAt.getTime()))
        return { replaced: false as const };
      await tx
        .update(users)
        .set({ avatarKey: key, avatarUrl: null, avatarSetAt: uploadedAt, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      return { replaced: true as const, previousKey: before.avatarKey };
    },

    // Ratings received, split by role: as the event's host, or as a participant rated by the host.
    async ratingSummaries(
      userIds: readonly string[],
    ): Promise<Map<string, { host: RatingSummaryModel; participant: RatingSummaryModel }>> {
      const ids = [...userIds];
      type Summaries = { host: RatingSummaryModel; participant: RatingSummaryModel };
      const result = new Map<string, Summaries>(
        ids.map((id) => [
          id,
          { host: { average: null, count: 0 }, participant: { average: null, count: 0 } },
        ]),
      );
      if (ids.length === 0) return result;
      const rows = (await preparedRows(
        db,
        sql`select r.ratee_id as id, (e.host_id = r.ratee_id) as as_host, count(*)::int as n,
              round(avg(r.score)::numeric, 2)::float8 as average
            from ratings r join events e on e.id = r.event_id
           where r.ratee_id = any(${uuidArray(ids)})
           group by r.ratee_id, (e.host_id = r.ratee_id)`,
      )) as { id: string; as_host: boolean; n: number; average: number }[];
      for (const r of rows) {
        const summary = result.get(r.id)!;
        summary[r.as_host ? 'host' : 'participant'] = { average: r.average, count: r.n };
      }
      return result;
    },

    // Ratings with feedback the user received, newest first, skipping raters blocked with the viewer.
    async reviews(userId: string, viewerId: string, limit: number, after?: { c: string; id: string }) {
      const conds = [
        eq(ratings.rateeId, userId),
        isNotNull(ratings.feedback),
        ...notBlockedWith(viewerId, ratings.raterId),
      ];
      if (after) conds.push(olderThan(ratings.createdAt, ratings.id, after));
      return db
        .select()
        .from(ratings)
        .where(and(...conds))
        .orderBy(desc(ratings.createdAt), desc(ratings.id))
        .limit(limit);
    },

    async reviewCount(userId: string, viewerId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ratings)
        .where(
          and(
            eq(ratings.rateeId, userId),
            isNotNull(ratings.feedback),
            ...notBlockedWith(viewerId, ratings.raterId),
          ),
        );
      return row?.n ?? 0;
    },

    // Events both users hosted or took part in (not cancelled), newest first.
    async eventsInCommon(a: string, b: string, limit: number): Promise<string[]> {
      const { rows } = await db.execute<{ id: string }>(sql`
        with mine as (
          select id from ${events} where host_id = ${a} and cancelled_at is null
          union select event_id from ${eventParticipants} where user_id = ${a}
        ), theirs as (
          select id from ${events} where host_id = ${b} and cancelled_at is null
          union select event_id from ${eventParticipants} where user_id = ${b}
        )
        select e.id from ${events} e
         where e.id in (select id from mine intersect select id from theirs) and e.cancelled_at is null
         order by e.starts_at desc limit ${limit}`);
      return rows.map((r) => r.id);
    },

    // Empties a deleted account's row; it stays so past events and ratings keep their shape.
    async anonymize(tx: DbOrTx, userId: string, at: Date, name: string) {
      await tx
        .update(users)
        .set({
          // Nothing left that leads back: a random subject, new referral and calendar secrets.
          sub: sql`'deleted:' || gen_random_uuid()::text`,
          referralCode: sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))`,
          calendarToken: sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`,
          lastSeenAt: null,
          avatarSetAt: null,
          paymentMethod: null,
          autoRefillEnabled: 0,
          autoRefillAttemptedAt: null,
          referredBy: null,
          referredAt: null,
          email: null,
          emailVerified: 0,
          displayName: name,
          username: null,
          fullName: null,
          bio: null,
          avatarUrl: null,
          avatarKey: null,
          city: null,
          district: null,
          homeLat: null,
          homeLng: null,
          exactLocation: null,
          lastIpLocation: null,
          interests: [],
          notificationPrefs: {},
          deletedAt: at,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
    },
  };
}
