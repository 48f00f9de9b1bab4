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

// Errors that say the server is not there (refused, reset, shut down, starting, restarting), as
// opposed to errors of a query. Looks through wrappers (drizzle's DrizzleQueryError keeps the cause).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down|in recovery)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// The constraint a unique violation (23505) broke, looking through wrappers; undefined for other errors.
export function uniqueViolationOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function createDatabase(
  url: string,
  options: {
    max: number;
    applicationName?: string;
    // An idle pooled connection failed (the server restarted, crashed or dropped it). The pool has
    // already discarded it; without a listener the error would end the process.
    onIdleError?: (err: Error) => void;
  },
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
  pool.on('error', (err) => options.onIdleError?.(err));
  const db = drizzle(pool, { schema, casing: undefined });
  return {
    pool,
    db,
    async close() {
      await pool.end();
    },
  };
}
