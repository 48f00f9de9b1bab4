import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema>;
// A transaction handle has the same query API as the database.
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

// timestamptz and numeric stay as JS Date / number; bigint counts come back as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type DatabaseHandle = { pool: pg.Pool; db: Database; close(): Promise<void> };

export function createDatabase(
  url: string,
  options: { max: number; applicationName?: string },
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    application_name: options.applicationName ?? 'squad',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // Geo queries must not go parallel (a known earthdistance + GiST plan problem); set per connection.
    options: '-c max_parallel_workers_per_gather=0',
  });
  const db = drizzle(pool, { schema, casing: undefined });
  return {
    pool,
    db,
    async close() {
      await pool.end();
    },
  };
}
