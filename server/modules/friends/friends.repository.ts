import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { uuidArray } from '#db/row-codec.ts';
import { friendships, type FriendshipRow } from '#db/schema/index.ts';

// A pair is stored once, the smaller id first.
export const pairOf = (a: string, b: string) => (a < b ? { low: a, high: b } : { low: b, high: a });
export const otherOf = (row: Pick<FriendshipRow, 'userLow' | 'userHigh'>, me: string) =>
  row.userLow === me ? row.userHigh : row.userLow;

// The accepted friends of a user, as a SQL set (one column `f`) other queries embed.
const friendsOf = (userId: string) =>
  sql`(select case when fr.user_low = ${userId}::uuid then fr.user_high else fr.user_low end as f
       from friendships fr
       where (fr.user_low = ${userId}::uuid or fr.user_high = ${userId}::uuid) and fr.status = 'accepted')`;

export function createFriendsRepository(db: DbOrTx) {
  return {
    async pair(tx: DbOrTx, a: string, b: string, lock = false): Promise<FriendshipRow | undefined> {
      const { low, high } = pairOf(a, b);
      const q = tx
        .select()
        .from(friendships)
        .where(and(eq(friendships.userLow, low), eq(friendships.userHigh, high)));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    // The pair's row, or undefined when another transaction inserted it first.
    async insertPending(tx: DbOrTx, from: string, to: string): Promise<FriendshipRow | undefined> {
      const { low, high } = pairOf(from, to);
      const [row] = await tx
        .insert(friendships)
        .values({ userLow: low, userHigh: high, requestedBy: from })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async accept(tx: DbOrTx, a: string, b: string, at: Date): Promise<FriendshipRow | undefined> {
      const { low, high } = pairOf(a, b);
      const [row] = await tx
        .update(friendships)
        .set({ status: 'accepted', acceptedAt: at })
        .where(
          and(
            eq(friendships.userLow, low),
            eq(friendships.userHigh, high),
            eq(friendships.status, 'pending'),
          ),
        )
        .returning();
      return row;
    },

    async delete(
      tx: DbOrTx,
      a: string,
      b: string,
      where: { status?: FriendshipRow['status']; requestedBy?: string } = {},
    ): Promise<boolean> {
      const { low, high } = pairOf(a, b);
      const rows = await tx
        .delete(friendships)
        .where(
          and(
            eq(friendships.userLow, low),
            eq(friendships.userHigh, high),
            where.status ? eq(friendships.status, where.status) : undefined,
            where.requestedBy ? eq(friendships.requestedBy, where.requestedBy) : undefined,
          ),
        )
        .returning({ low: friendships.userLow });
      return rows.length > 0;
    },

    // Accepted friendships of a user, newest first (keyset on accepted_at, other id).
    async friends(
      userId: string,
      page: { limit: number; after?: { c: string; id: string } },
    ): Promise<{ userId: string; since: Date }[]> {
      const after = page.after
        ? sql`and (x.since < ${new Date(page.after.c)} or (x.since = ${new Date(page.after.c)} and x.user_id < ${page.after.id}::uuid))`
        : sql``;
      const rows = await db.execute<{ user_id: string; since: Date | string }>(sql`
        select x.user_id, x.since from (
          select case when user_low = ${userId}::uuid then user_high else user_low end as user_id,
                 accepted_at as since
          from friendships
          where (user_low = ${userId}::uuid or user_high = ${userId}::uuid) and status = 'accepted'
        ) x
        where true ${after}
        order by x.since desc, x.user_id desc
        limit ${page.limit}`);
      return rows.rows.map((r) => ({ userId: r.user_id, since: new Date(r.since) }));
    },

    async pending(userId: string): Promise<FriendshipRow[]> {
      return db
        .select()
        .from(friendships)
        .where(
          and(
            or(eq(friendships.userLow, userId), eq(friendships.userHigh, userId)),
            eq(friendships.status, 'pending'),
          ),
        )
        .orderBy(sql`${friendships.createdAt} desc`);
    },

    // The rows between the viewer and each of `others`.
    async between(viewerId: string, others: readonly string[]): Promise<FriendshipRow[]> {
      if (others.length === 0) return [];
      return db
        .select()
        .from(friendships)
        .where(
          or(
            and(eq(friendships.userLow, viewerId), sql`${friendships.userHigh} = any(${uuidArray(others)})`),
            and(eq(friendships.userHigh, viewerId), sql`${friendships.userLow} = any(${uuidArray(others)})`),
          ),
        );
    },

    async mutualCounts(viewerId: string, others: readonly string[]): Promise<Map<string, number>> {
      if (others.length === 0) return new Map();
      const rows = await db.execute<{ id: string; n: number }>(sql`
        select o.id, count(*)::int as n
        from unnest(${uuidArray(others)}) as o(id)
        join friendships fr on (fr.user_low = o.id or fr.user_high = o.id) and fr.status = 'accepted'
        join ${friendsOf(viewerId)} mine
          on mine.f = case when fr.user_low = o.id then fr.user_high else fr.user_low end
        group by o.id`);
      return new Map(rows.rows.map((r) => [r.id, r.n]));
    },

    async friendCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.execute<{ id: string; n: number }>(sql`
        select o.id, count(fr.user_low)::int as n
        from unnest(${uuidArray(userIds)}) as o(id)
        left join friendships fr on (fr.user_low = o.id or fr.user_high = o.id) and fr.status = 'accepted'
        group by o.id`);
      return new Map(rows.rows.map((r) => [r.id, r.n]));
    },

    // The viewer's friends who host each event or take part in it (host first).
    async friendsGoing(viewerId: string, eventIds: readonly string[]) {
      if (eventIds.length === 0) return [];
      const rows = await db.execute<{ event_id: string; user_id: string }>(sql`
        select x.event_id, x.user_id from (
          select e.id as event_id, e.host_id as user_id, 0 as ord, e.created_at as at
          from events e join ${friendsOf(viewerId)} mine on mine.f = e.host_id
          where e.id = any(${uuidArray(eventIds)})
          union all
          select p.event_id, p.user_id, 1, p.joined_at
          from event_participants p join ${friendsOf(viewerId)} mine on mine.f = p.user_id
          where p.event_id = any(${uuidArray(eventIds)})
        ) x order by x.event_id, x.ord, x.at`);
      return rows.rows.map((r) => ({ eventId: r.event_id, userId: r.user_id }));
    },

    // Upcoming, visible events a friend hosts or joined, soonest first, with those friends.
    async friendsEvents(viewerId: string, now: Date, limit: number) {
      const rows = await db.execute<{ event_id: string; user_ids: string[] }>(sql`
        select x.event_id, array_agg(x.user_id order by x.ord, x.user_id) as user_ids
        from (
          select e.id as event_id, e.host_id as user_id, 0 as ord from events e
            join ${friendsOf(viewerId)} mine on mine.f = e.host_id
          union
          select p.event_id, p.user_id, 1 from event_participants p
            join ${friendsOf(viewerId)} mine on mine.f = p.user_id
        ) x
        join events e on e.id = x.event_id
        where e.cancelled_at is null and e.ends_at > ${now}
          and (e.host_hidden_until is null or e.host_hidden_until <= ${now})
          and not exists (select 1 from blocks b where (b.blocker_id = ${viewerId}::uuid and b.blocked_id = e.host_id)
                                              or (b.blocker_id = e.host_id and b.blocked_id = ${viewerId}::uuid))
        group by x.event_id, e.starts_at
        order by e.starts_at, x.event_id
        limit ${limit}`);
      return rows.rows.map((r) => ({ eventId: r.event_id, userIds: r.user_ids }));
    },

    // Whether the two users take part in (host or accepted participant) the same event that has not
    // been cancelled: co-participants may message each other.
    async shareEvent(a: string, b: string): Promise<boolean> {
      const rows = await db.execute<{ one: number }>(sql`
        with mine as (
          select id as event_id from events where host_id = ${a}::uuid and cancelled_at is null
          union select p.event_id from event_participants p join events e on e.id = p.event_id
            where p.user_id = ${a}::uuid and e.cancelled_at is null
        ), theirs as (
          select id as event_id from events where host_id = ${b}::uuid and cancelled_at is null
          union select p.event_id from event_participants p join events e on e.id = p.event_id
            where p.user_id = ${b}::uuid and e.cancelled_at is null
        )
        select 1 as one from mine join theirs using (event_id) limit 1`);
      return rows.rows.length > 0;
    },
  };
}
