import crypto from 'node:crypto';
import { getTableColumns, getTableName, is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '#server/lib/ids.ts';
import type { DbOrTx } from './client.ts';

// Hot read paths (the map and list queries, the loaders behind every card) select whole rows many
// times a second. Drizzle's query builder spends more CPU building such a select and mapping its
// rows than PostgreSQL spends answering it, so these paths use a column list and a row decoder made
// once from the table definition: same columns, same types, no drift from the schema.
//
// The select list names each column by its property (`"events"."starts_at" as "startsAt"`), so the
// driver's row already has the row type's keys, and decoding only converts, in place, the few values
// the driver hands over as text (timestamps, numerics): no second object per row.
export type RowCodec<Row> = {
  // `"table"."col" as "key", …` for a select list.
  columns: SQL;
  // A raw row of `columns` (driver values) -> the row type Drizzle would return; the same object.
  decode: (raw: Record<string, unknown>) => Row;
};

type Column = ReturnType<typeof getTableColumns>[string];

export function rowCodec<T extends PgTable, K extends keyof T['$inferSelect'] = never>(
  table: T,
  options: { omit?: readonly K[] } = {},
): RowCodec<Omit<T['$inferSelect'], K>> {
  const name = getTableName(table);
  const omit = new Set<string>(options.omit as readonly string[] | undefined);
  const entries = Object.entries(getTableColumns(table)).filter(([key]) => !omit.has(key));
  const columns = sql.raw(entries.map(([key, c]) => `"${name}"."${c.name}" as "${key}"`).join(', '));
  // The driver already parses integers, floats, booleans, json and arrays; what arrives as a string
  // and is not text gets the column's own conversion.
  const converted = entries
    .filter(([, column]) => !isText(column))
    .map(([key, column]) => ({ key, convert: (value: string) => column.mapFromDriverValue(value) }));
  return {
    columns,
    decode(raw) {
      for (const f of converted) {
        const value = raw[f.key];
        if (typeof value === 'string') raw[f.key] = f.convert(value);
      }
      return raw as Omit<T['$inferSelect'], K>;
    },
  };
}

// Text-like columns (text, enums, uuid, char …): the driver's string is the row value.
const isText = (column: Column) => column.dataType === 'string';

// `= any(uuidArray(ids))`: one array parameter for any number of ids. Strings that are not UUIDs
// cannot match a row; they are dropped instead of failing the cast.
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.filter(isUuid).join(',')}}`}::uuid[]`;
}

// The same for a statement's `= any($ids::uuid[])` placeholder.
export const validUuids = (ids: readonly string[]): string[] => ids.filter(isUuid);

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

// Straight to the driver (drizzle's prepared-query wrapper adds tracing spans, a cache lookup and
// a config object per call). Dates, times and intervals come back as text, as drizzle reads them,
// so the row codecs convert them exactly as the query builder would.
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const driverTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? asText : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

async function runNamed(db: DbOrTx, name: string, text: string, values: unknown[]) {
  const client = (db._.session as unknown as { client: pg.Pool | pg.PoolClient }).client;
  const result = await client.query<Record<string, unknown>>({ name, text, values, types: driverTypes });
  return result.rows;
}

export async function preparedRows(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  const built = dialect.sqlToQuery(query);
  return runNamed(db, statementName(built.sql), built.sql, built.params);
}

// A statement built once (its text, name and where each value goes) and run many times with values
// for its `sql.placeholder(name)`s: the hot lists keep one per filter shape instead of building
// their SQL on every request.
export type Statement = {
  name: string;
  text: string;
  slots: ({ placeholder: string; encode?: (value: unknown) => unknown } | { value: unknown })[];
};

export function prepareStatement(query: SQL): Statement {
  const built = dialect.sqlToQuery(query);
  return {
    name: statementName(built.sql),
    text: built.sql,
    slots: built.params.map((p) => {
      if (is(p, Placeholder)) return { placeholder: p.name };
      if (is(p, Param) && is(p.value, Placeholder)) {
        const { encoder } = p;
        return { placeholder: p.value.name, encode: (v: unknown) => encoder.mapToDriverValue(v) };
      }
      return { value: p };
    }),
  };
}

// The statement's parameters for these placeholder values.
export function paramsOf(statement: Statement, values: Record<string, unknown>): unknown[] {
  return statement.slots.map((slot) => {
    if ('value' in slot) return slot.value;
    if (!(slot.placeholder in values)) throw new Error(`no value for ${slot.placeholder}`);
    const value = values[slot.placeholder];
    return slot.encode && value !== null && value !== undefined ? slot.encode(value) : value;
  });
}

export async function statementRows(
  db: DbOrTx,
  statement: Statement,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  return runNamed(db, statement.name, statement.text, paramsOf(statement, values));
}
