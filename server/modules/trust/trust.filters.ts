import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Discovery leaves out the events of hosts a moderator suspended and of hosts hidden by the
// automatic safeguard (several reports in a short time, until reviewed). The events row carries the
// end of its host's hiding (`host_hidden_until`, kept by a trigger of migration 0013), so the list
// query filters on the row itself and keeps its nearest-first index plan (ADR 008, 039).
export function hostNotHidden(hiddenUntil: AnyPgColumn, now: SQL | Date): SQL {
  return sql`(${hiddenUntil} is null or ${hiddenUntil} <= ${now})`;
}
