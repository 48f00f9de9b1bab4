import http from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { guardClient, isDatabaseUnavailable } from '#db/client.ts';
import { DataDirLockedError } from '#db/embedded/data-dir-lock.ts';
import { ErrorCode, RETRY_AFTER_SECONDS } from '#server/errors/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Config } from '#server/lib/config.ts';
import { t } from '#server/lib/i18n.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createApp, type App } from './create-app.ts';

export type Waiting = 'database' | 'redis' | null;

// Back-off between attempts while PostgreSQL or Redis is away at start: 0.5 s doubling to 15 s.
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
const PROBE_TIMEOUT_MS = 3000;

// Can a connection be made now? Throwaway clients, so nothing keeps retrying in the background.
async function databaseReachable(url: string): Promise<boolean> {
  const client = guardClient(
    new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      application_name: 'squad-start',
    }),
    () => undefined,
  );
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    if (isDatabaseUnavailable(err)) return false;
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: PROBE_TIMEOUT_MS,
    connectionName: 'squad-start',
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

// What the port answers while the app waits for its dependencies: live, not ready, 503 for the rest.
function placeholder(waiting: () => Waiting): http.Server {
  return http.createServer((req, res) => {
    const url = req.url ?? '/';
    res.setHeader('cache-control', 'no-store');
    // No keep-alive: the app takes the port over, and a kept connection would be cut under a client.
    res.setHeader('connection', 'close');
    if (url === '/healthz' || url.startsWith('/healthz?')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
      return;
    }
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (url === '/readyz' || url.startsWith('/readyz?')) {
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'starting', waitingFor: waiting() ?? 'start' }));
      return;
    }
    const locale = /^\s*en\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'en' : 'tr';
    const message = t(locale, 'error.serviceUnavailable');
    const body = url.startsWith('/graphql')
      ? { errors: [{ message, extensions: { code: ErrorCode.SERVICE_UNAVAILABLE } }] }
      : { message, reason: message, code: ErrorCode.SERVICE_UNAVAILABLE };
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
}

export type StartingServer = {
  // The address the port answers on from the first moment (placeholder, then the app).
  url: string;
  waitingFor(): Waiting;
  // Resolves with the app once it listens on the port.
  app: Promise<App>;
  close(): Promise<void>;
};

// Starts the app on its port even while PostgreSQL or Redis is down (ADR 052): the port answers at
// once (/healthz 200, /readyz 503 "starting" with what it waits for), the dependencies are probed
// with back-off, and once both answer the app is created and takes the port over. Errors that are
// not "cannot connect" (a locked data dir, a bad migration) still end the start.
export async function startServer(options: {
  config: Config;
  logger: Logger;
  clock?: Clock;
  port?: number;
  host?: string;
}): Promise<StartingServer> {
  const { config, logger } = options;
  let waiting: Waiting = null;
  let stopped = false;
  let wake: (() => void) | null = null;
  const server = placeholder(() => waiting);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? config.port, options.host ?? config.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const host = options.host ?? config.host;
  const closePlaceholder = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const app = (async () => {
    let delay = FIRST_DELAY_MS;
    for (let attempt = 1; ; attempt++) {
      if (stopped) throw new Error('stopped before the app started');
      const databaseUrl = config.database.url;
      const missing: Waiting =
        databaseUrl && !(await databaseReachable(databaseUrl))
          ? 'database'
          : config.redisUrl && !(await redisReachable(config.redisUrl))
            ? 'redis'
            : null;
      if (!missing) {
        try {
          const created = await createApp({ config, logger, clock: options.clock });
          if (stopped) {
            await created.close();
            throw new Error('stopped before the app started');
          }
          waiting = null;
          await closePlaceholder();
          await created.listen(port, host);
          return created;
        } catch (err) {
          if (err instanceof DataDirLockedError || !isDatabaseUnavailable(err) || stopped) throw err;
          // Went away between the probe and the start: the same wait as below.
          logger.warn({ err, attempt }, 'a dependency went away while starting');
          waiting = 'database';
        }
      } else {
        if (waiting !== missing)
          logger.warn({ waitingFor: missing }, `waiting for ${missing} before starting (not ready)`);
        waiting = missing;
      }
      await pause(delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  })();
  // The caller awaits it; a failure is also theirs (this keeps it from counting as unhandled).
  app.catch(() => undefined);

  return {
    url: `http://127.0.0.1:${port}`,
    waitingFor: () => waiting,
    app,
    async close() {
      stopped = true;
      wake?.();
      await closePlaceholder();
      const started = await app.catch(() => null);
      await started?.close();
    },
  };
}
