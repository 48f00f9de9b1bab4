import fs from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import * as tables from '#db/schema/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { paths } from '#server/lib/paths.ts';

export type SchemaState = {
  complete: boolean;
  // Tables of db/schema (and drizzle's migrations table) the database does not have.
  missing: string[];
  // Set when fewer migrations are recorded as applied than the migrations folder holds.
  migrations?: { applied: number; expected: number };
};

export type SchemaHealth = {
  // The last known state; checked again when older than the interval (one query at a time).
  state(): Promise<SchemaState>;
};

const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

// Every table db/schema declares, as schema.name.
export function expectedTables(): string[] {
  return (Object.values(tables) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      return `${config.schema ?? 'public'}.${config.name}`;
    })
    .sort();
}

function expectedMigrations(migrationsFolder: string): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

// Readiness needs the whole schema: a restore that failed half-way (ADR 051), or a table dropped by
// hand, leaves an app that starts (its migrations are recorded as applied) and answers 500. One
// catalogue query at start and then at most once per interval, never per request; a check that fails
// (the database away) keeps the last result, so the state changes only on what the catalogue says.
export function watchSchema(
  db: Database,
  logger: Logger,
  options: { migrationsFolder?: string; intervalMs?: number; now?: () => number } = {},
): SchemaHealth {
  const intervalMs = options.intervalMs ?? 30_000;
  const now = options.now ?? Date.now;
  const tableNames = [...expectedTables(), MIGRATIONS_TABLE];
  const expected = expectedMigrations(options.migrationsFolder ?? paths.migrations);
  let last: SchemaState = { complete: true, missing: [] };
  let checkedAt = -Infinity;
  let running: Promise<SchemaState> | null = null;

  async function check(): Promise<SchemaState> {
    const { rows } = await db.execute<{ name: string }>(
      sql`select n.nspname || '.' || c.relname as name
          from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')`,
    );
    const present = new Set(rows.map((r) => r.name));
    const missing = tableNames.filter((name) => !present.has(name));
    let migrations: SchemaState['migrations'];
    if (present.has(MIGRATIONS_TABLE)) {
      const applied = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const n = Number(applied.rows[0]?.n ?? 0);
      if (n < expected) migrations = { applied: n, expected };
    }
    return { complete: missing.length === 0 && !migrations, missing, ...(migrations && { migrations }) };
  }

  function refresh(): Promise<SchemaState> {
    running ??= check()
      .then((state) => {
        if (state.complete !== last.complete || state.missing.join() !== last.missing.join()) {
          if (state.complete) logger.info('database schema complete again');
          else logger.error(state, 'database schema incomplete: not ready until it is restored');
        }
        last = state;
        checkedAt = now();
        return state;
      })
      .catch((err: unknown) => {
        // The database away is the database check's business; keep what was known.
        logger.warn({ err }, 'schema check failed');
        return last;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  void refresh();
  return {
    state: () => (now() - checkedAt < intervalMs ? Promise.resolve(last) : refresh()),
  };
}
