import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '#db/schema/index.ts';

// Conditions other modules' list queries embed, so a block hides rows inside the query itself: rows
// owned by users on the other side of a block with the viewer (either direction) drop out.
//
// Two anti-joins, each one probe of the blocks primary key per candidate row. Written as NOT EXISTS,
// not `host_id <> all(array(…))`: the planner cannot estimate `<> all` of an unknown array (where one
// host holds most events it guesses one row) and then sorts every upcoming event by distance instead
// of walking the nearest-first index, 15 times slower (ADR 008).
// `viewerId`: the id, or a placeholder for it in a statement built once (events-list.query.ts).
export function notBlockedWith(viewerId: string | SQLWrapper, ownerId: AnyPgColumn): SQL[] {
  return [
    sql`not exists (select 1 from ${blocks} b where b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${ownerId})`,
    sql`not exists (select 1 from ${blocks} b where b.blocker_id = ${ownerId} and b.blocked_id = ${viewerId}::uuid)`,
  ];
}
