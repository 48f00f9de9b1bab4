import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Newest-first keyset paging on (created, id): the rows after the cursor's, i.e. older ones, or as
// old with a smaller id.
export function olderThan(created: AnyPgColumn, id: AnyPgColumn, after: { c: string; id: string }): SQL {
  const at = new Date(after.c);
  return or(lt(created, at), and(eq(created, at), lt(id, after.id)))!;
}
