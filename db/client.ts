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
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection refused|the database system is (starting up|shutting down|in recovery)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // The embedded database's socket file is missing while its process restarts.
    if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// pg-pool's answer when every pooled connection stayed busy for the whole wait (connectionTimeoutMillis):
// the database is there but saturated, e.g. a burst on one hot row. Answered 503 like an outage, but it
// must not mark the database away (readiness would flap and every request would be refused).
const POOL_WAIT_TIMEOUT = /^timeout exceeded when trying to connect$/;

export function isPoolWaitTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { message } = e as { message?: unknown };
    if (typeof message === 'string' && POOL_WAIT_TIMEOUT.test(message)) return true;
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

export const DEFAULT_POOL_WAIT_MS = 3000;

// pg-pool listens for errors only on idle clients; a client that is checked out (a transaction, a
// query in flight) emits 'error' with nobody listening when its server goes away (57P01, ECONNRESET),
// and Node ends the process. Every client the pool makes gets a listener for its whole life; the pool
// itself still removes a broken client (it is not queryable any more when released).
//
// A checked-out client whose connection fails is also given back to the pool at once (and so
// dropped): drizzle's transaction() releases its client only once `begin` has succeeded, so a server
// that went away between the checkout and `begin` would keep the client checked out for ever; the
// pool would shrink with each crash and pool.end() would never return. Release is made idempotent so
// the caller's own release later changes nothing.
export function guardConnections(pool: pg.Pool, onError: (err: Error) => void): void {
  const checkedOut = new Map<pg.PoolClient, (err?: Error | boolean) => void>();
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release.bind(client);
    let released = false;
    const once = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      checkedOut.delete(client);
      release(err);
    };
    client.release = once;
    checkedOut.set(client, once);
    return client;
  };
  const connect = pool.connect.bind(pool) as (
    cb: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ) => void;
  pool.connect = ((
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (r?: unknown) => void) => void,
  ) => {
    if (cb) {
      connect((err, client, done) => {
        if (err || !client) return cb(err, client, done);
        const guarded = guard(client);
        cb(err, guarded, (r?: unknown) => guarded.release(r as Error | undefined));
      });
      return undefined;
    }
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((err, client) =>
        err || !client ? reject(err ?? new Error('no client')) : resolve(guard(client)),
      ),
    );
  }) as typeof pool.connect;
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      onError(err);
      checkedOut.get(client)?.(err);
    });
  });
  // An idle client's error is also re-emitted by the pool (after the listener above has seen it): an
  // 'error' event without a listener would throw.
  pool.on('error', () => undefined);
}

// The same for a lone client (migration lock, LISTEN): its error is reported and the client dropped.
export function guardClient(client: pg.Client, onError: (err: Error) => void): pg.Client {
  client.on('error', (err) => onError(err));
  return client;
}

export function createDatabase(
  url: string,
  options: {
    max: number;
    applicationName?: string;
    // How long a query waits for a pooled connection (all busy) or for a new one to connect before
    // it fails (isPoolWaitTimeout / an unavailable error): a few seconds, not the caller's patience.
    waitMs?: number;
    // A pooled connection failed, idle or checked out (the server restarted, crashed or dropped it).
    // The query in flight on it fails by itself; without a listener the error would end the process.
    onConnectionError?: (err: Error) => void;
  },
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    application_name: options.applicationName ?? 'squad',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.waitMs ?? DEFAULT_POOL_WAIT_MS,
    // Geo queries must not go parallel (a known earthdistance + GiST plan problem); set per connection.
    options: '-c max_parallel_workers_per_gather=0',
  });
  guardConnections(pool, (err) => options.onConnectionError?.(err));
  const db = drizzle(pool, { schema, casing: undefined });
  return {
    pool,
    db,
    async close() {
      await pool.end();
    },
  };
}
