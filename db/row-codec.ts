import crypto from 'node:crypto';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '#server/lib/ids.ts';
import type { DbOrTx } from './client.ts';

// Hot read paths (the map and list queries, the loaders behind every card) select whole rows many
// times a second. Drizzle's query builder spends more CPU building such a select and mapping its
// rows than PostgreSQL spends answering it, so these paths use a column list and a row decoder made
// once from the table definition: same columns, same types, no drift from the schema.
export type RowCodec<Row> = {
  // `"table"."col", …` for a select list.
  columns: SQL;
  // A raw row (database column names, driver values) -> the row type Drizzle would return.
  decode: (raw: Record<string, unknown>) => Row;
};

export function rowCodec<T extends PgTable>(table: T): RowCodec<T['$inferSelect']> {
  const name = getTableName(table);
  const entries = Object.entries(getTableColumns(table));
  const columns = sql.raw(entries.map(([, c]) => `"${name}"."${c.name}"`).join(', '));
  const fields = entries.map(([key, column]) => ({
    key,
    name: column.name,
    decode: (value: unknown) => column.mapFromDriverValue(value),
  }));
  return {
    columns,
    decode(raw) {
      const row: Record<string, unknown> = {};
      for (const f of fields) {
        const value = raw[f.name];
        row[f.key] = value === null || value === undefined ? null : f.decode(value);
      }
      return row;
    },
  };
}

// `= any(uuidArray(ids))`: one array parameter for any number of ids. Strings that are not UUIDs
// cannot match a row; they are dropped instead of failing the cast.
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.filter(isUuid).join(',')}}`}::uuid[]`;
}

// Hot reads as named prepared statements: PostgreSQL parses and plans a statement once per
// connection (after five runs it may keep a generic plan) instead of on every call, and the driver
// sends only Bind/Execute. The name is derived from the SQL text, so each filter combination gets its
// own statement; the name cache is bounded because the combinations are.
const dialect = new PgDialect();
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 2000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `squad_${crypto.createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

export async function preparedRows(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, statementName(built.sql), false);
  const result = (await prepared.execute()) as { rows: Record<string, unknown>[] };
  return result.rows;
}
