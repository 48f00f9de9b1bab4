import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { statementRows } from '#db/row-codec.ts';
import { events, type EventRow } from '#db/schema/index.ts';
import { notBlockedWith } from '#server/modules/safety/safety.filters.ts';
import type { EventModel } from './events.mappers.ts';
import { countStatement, eventListRow, listStatement, type EventListQuery } from './events-list.query.ts';

// Finding events: the map's nearest-first page and the lists' filters and search (their SQL is
// events-list.query.ts), My Events, a user's activity.

export type { EventListQuery };

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

export type MineQuery = {
  role?: 'host' | 'participant';
  active?: boolean;
  searchWords?: string[];
  status?: 'upcoming' | 'ongoing' | 'completed' | 'cancelled';
  now: Date;
  limit: number;
  after?: { s: string; id: string };
};

function mineConditions(userId: string, q: MineQuery): SQL[] {
  const hosted = sql`${events.hostId} = ${userId}`;
  const involved = sql`exists (select 1 from join_requests r where r.event_id = ${events.id} and r.user_id = ${userId} and r.status <> 'withdrawn')`;
  const conds: SQL[] = [
    q.role === 'host' ? hosted : q.role === 'participant' ? involved : sql`(${hosted} or ${involved})`,
  ];
  if (q.active === true) conds.push(sql`${events.cancelledAt} is null and ${events.endsAt} > ${q.now}`);
  if (q.active === false)
    conds.push(sql`(${events.cancelledAt} is not null or ${events.endsAt} <= ${q.now})`);
  for (const word of q.searchWords ?? [])
    conds.push(sql`${events.searchText} like ${`%${escapeLike(word)}%`}`);
  switch (q.status) {
    case 'upcoming':
      conds.push(sql`${events.cancelledAt} is null and ${events.startsAt} > ${q.now}`);
      break;
    case 'ongoing':
      conds.push(
        sql`${events.cancelledAt} is null and ${events.startsAt} <= ${q.now} and ${events.endsAt} > ${q.now}`,
      );
      break;
    case 'completed':
      conds.push(sql`${events.cancelledAt} is null and ${events.endsAt} <= ${q.now}`);
      break;
    case 'cancelled':
      conds.push(sql`${events.cancelledAt} is not null`);
      break;
  }
  return conds;
}

export function createEventsDiscovery(db: DbOrTx) {
  return {
    async list(q: EventListQuery): Promise<EventModel[]> {
      const { statement, values } = listStatement(q);
      // Near pages also carry "distanceKm" and "sortKey" (the chord the page is ordered by).
      const rows = await statementRows(db, statement, values);
      return rows.map(eventListRow.decode);
    },

    async count(q: EventListQuery): Promise<number> {
      const { statement, values } = countStatement(q);
      const [row] = await statementRows(db, statement, values);
      return (row?.n as number | undefined) ?? 0;
    },

    // Events a user hosts, joined or asked to join (withdrawn requests excepted).
    async mine(userId: string, q: MineQuery): Promise<EventRow[]> {
      const conds = mineConditions(userId, q);
      const past = q.active === false;
      if (q.after) {
        conds.push(
          past
            ? sql`(${events.startsAt}, ${events.id}) < (${q.after.s}::timestamptz, ${q.after.id}::uuid)`
            : sql`(${events.startsAt}, ${events.id}) > (${q.after.s}::timestamptz, ${q.after.id}::uuid)`,
        );
      }
      return db
        .select()
        .from(events)
        .where(and(...conds))
        .orderBy(
          ...(past ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)]),
        )
        .limit(q.limit);
    },

    async mineCount(userId: string, q: MineQuery): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(and(...mineConditions(userId, q)));
      return row?.n ?? 0;
    },

    async mineCounts(userId: string): Promise<{ total: number; hosted: number; attended: number }> {
      const [row] = (
        await db.execute<{ total: number; hosted: number; attended: number }>(sql`
        with mine as (
          select e.id, e.host_id = ${userId} as hosted,
            exists (select 1 from join_requests r where r.event_id = e.id and r.user_id = ${userId} and r.status = 'accepted') as joined
          from events e
          where e.host_id = ${userId}
             or exists (select 1 from join_requests r where r.event_id = e.id and r.user_id = ${userId} and r.status <> 'withdrawn')
        )
        -- 'Katıldığın Etkinlikler' counts the events the user takes part in, not pending requests
        -- (issue 27); the total is every event of the list.
        select count(*)::int as total, count(*) filter (where hosted)::int as hosted,
          count(*) filter (where joined and not hosted)::int as attended from mine`)
      ).rows;
      return row;
    },
  };
}

// Events a user hosted or joined, newest first (profile's recent activity and event list).
export function createActivityQueries(db: DbOrTx) {
  return {
    // A user's hosted and joined events, newest first. Seen by someone else (`viewerId`), events whose
    // host is on the other side of a block with them drop out, as in every list.
    async hostedAndJoined(
      userId: string,
      limit: number,
      viewerId?: string,
    ): Promise<{ event: EventRow; type: 'hosted' | 'joined' }[]> {
      const visible =
        viewerId && viewerId !== userId
          ? sql`and ${sql.join(notBlockedWith(viewerId, events.hostId), sql` and `)}`
          : sql``;
      const rows = await db.execute<{ id: string; type: 'hosted' | 'joined' }>(sql`
        select id, type from (
          select ${events.id}, 'hosted' as type, ${events.startsAt} from ${events}
           where ${events.hostId} = ${userId} and ${events.cancelledAt} is null ${visible}
          union all
          select ${events.id}, 'joined' as type, ${events.startsAt} from ${events}
            join event_participants p on p.event_id = ${events.id} and p.user_id = ${userId}
          where ${events.cancelledAt} is null ${visible}
        ) x order by starts_at desc limit ${limit}`);
      const ids = rows.rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const events_ = await db.select().from(events).where(inArray(events.id, ids));
      const byId = new Map(events_.map((e) => [e.id, e]));
      return rows.rows.filter((r) => byId.has(r.id)).map((r) => ({ event: byId.get(r.id)!, type: r.type }));
    },
  };
}
