import type pg from 'pg';
import { isDatabaseUnavailable, isPoolWaitTimeout } from '#db/client.ts';
import type { Logger } from '#server/lib/logger.ts';

export type DatabaseHealth = {
  // False from the first sign that the server is gone until a connection works again.
  available(): boolean;
  // Looks at an error from a query; true when it is to be answered 503: the database is away (and the
  // state is set), or every pooled connection stayed busy for the whole wait (the state is not set:
  // a saturated pool is not a database that is down, and readiness must not flap with it).
  noteError(err: unknown): boolean;
  // Something other than a query saw the database go (the embedded database's process ended).
  markUnavailable(reason: unknown): void;
  close(): void;
};

const PROBE_INTERVAL_MS = 500;

// Watches the pool: an idle connection that dies, or a new connection that cannot be made, marks the
// database unavailable; while it is, a probe tries a connection every half second and the next one
// that works marks it available again. pg.Pool replaces dead connections by itself, so nothing else
// is needed for the service to resume once the server is back.
export function watchDatabase(pool: pg.Pool, logger: Logger): DatabaseHealth {
  let available = true;
  let since = 0;
  let probe: NodeJS.Timeout | null = null;
  let closed = false;

  const markUnavailable = (err: unknown) => {
    if (!available) return;
    available = false;
    since = Date.now();
    logger.error({ err }, 'database unavailable: answering 503 until it is back');
    scheduleProbe();
  };
  const markAvailable = () => {
    if (available) return;
    available = true;
    logger.info({ downMs: Date.now() - since }, 'database available again');
  };

  function scheduleProbe() {
    if (probe || closed) return;
    probe = setTimeout(() => {
      probe = null;
      if (available || closed) return;
      // Still away: connect() below notes it; a success marks the database available again.
      void pool
        .query('select 1')
        .catch(() => undefined)
        .then(() => {
          if (!available) scheduleProbe();
        });
    }, PROBE_INTERVAL_MS);
    probe.unref();
  }

  // Every connection the pool makes passes here (pool.query uses connect() too).
  const connect = pool.connect.bind(pool) as (
    cb: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ) => void;
  const observe = (err: unknown) => {
    if (!err) markAvailable();
    else if (isDatabaseUnavailable(err) && !isPoolWaitTimeout(err)) markUnavailable(err);
  };
  pool.connect = ((cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (cb) {
      connect((err, client, done) => {
        observe(err);
        cb(err, client, done);
      });
      return undefined;
    }
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((err, client) => {
        observe(err);
        if (err) reject(err);
        else resolve(client!);
      }),
    );
  }) as typeof pool.connect;

  // Any connection, idle or checked out (createDatabase already keeps such errors from ending the
  // process): a server that restarts or crashes shows here first.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      logger.warn({ err }, 'database connection failed');
      if (isDatabaseUnavailable(err)) markUnavailable(err);
    });
  });

  return {
    available: () => available,
    markUnavailable,
    noteError(err) {
      if (!isDatabaseUnavailable(err)) return false;
      if (!isPoolWaitTimeout(err)) markUnavailable(err);
      return true;
    },
    close() {
      closed = true;
      if (probe) clearTimeout(probe);
    },
  };
}
