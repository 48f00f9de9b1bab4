import path from 'node:path';
import { Redis } from 'ioredis';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { acquireDataDirLock, type HolderCommand } from '#db/embedded/data-dir-lock.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#db/embedded/embedded-postgres.ts';
import { runMigrations } from '#db/migrate.ts';
import { watchDatabase, type DatabaseHealth } from './database-health.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Config } from '#server/lib/config.ts';
import type { Logger } from '#server/lib/logger.ts';
import { paths } from '#server/lib/paths.ts';
import {
  createFallbackRateLimiter,
  createMemoryRateLimiter,
  type RateLimiter,
} from '#server/lib/rate-limit.ts';
import { createMemoryPubSub } from '#server/pubsub/memory-pubsub.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';
import { createRedisPubSub } from '#server/pubsub/redis-pubsub.ts';

export type OnClose = (name: string, fn: () => Promise<void> | void) => void;

// Database: a PostgreSQL server from DATABASE_URL, or the embedded one on DATA_DIR; migrated.
export async function openDatabase(
  config: Config,
  logger: Logger,
  onClose: OnClose,
): Promise<{
  database: DatabaseHandle;
  embedded: EmbeddedPostgres | null;
  health: DatabaseHealth;
  url: string;
  // Embedded mode: operator commands (npm run admin) arriving over the data dir's lock socket.
  onOperatorCommand: (handler: (command: HolderCommand) => void) => void;
}> {
  let embedded: EmbeddedPostgres | null = null;
  // Set once the pool exists; the embedded database's exit handler below reads it.
  const watch: { health?: DatabaseHealth } = {};
  let onOperatorCommand: (handler: (command: HolderCommand) => void) => void = () => {};
  let url = config.database.url;
  if (!url) {
    const lock = await acquireDataDirLock(config.dataDir);
    onClose('data dir lock', () => lock.release());
    logger.info({ dataDir: config.dataDir }, 'starting the embedded database (PGlite)');
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      // Its process died (crash, kill -9, out of memory): 503 and not ready until it is back; it is
      // started again with back-off on the same data dir and socket (ADR 052). The lock stays ours.
      onExit: (code, signal) => {
        logger.error({ code, signal }, 'embedded database exited unexpectedly; restarting it');
        watch.health?.markUnavailable(new Error(`embedded database exited (code ${code}, signal ${signal})`));
      },
      restart: {
        onRestarted: ({ attempt, pid }) => logger.info({ attempt, pid }, 'embedded database restarted'),
        onRestartFailed: ({ attempt, err, nextDelayMs }) =>
          logger.error({ attempt, err, nextDelayMs }, 'embedded database did not restart; trying again'),
      },
    });
    const started = embedded;
    onClose('embedded database', () => started.stop());
    url = embedded.url;
    lock.announce(url);
    onOperatorCommand = (handler) => lock.onCommand(handler);
  }
  const database = createDatabase(url, {
    max: embedded ? 8 : config.database.poolMax,
    waitMs: config.database.poolWaitMs,
  });
  onClose('database pool', () => database.close());
  const health = watchDatabase(database.pool, logger);
  watch.health = health;
  onClose('database watch', () => health.close());
  await runMigrations(database.db, {
    migrationsFolder: paths.migrations,
    serializeWith: embedded ? undefined : url,
  });
  logger.info('database migrated');
  return { database, embedded, health, url, onOperatorCommand };
}

export async function openPubSub(config: Config, logger: Logger, onClose: OnClose): Promise<PubSub> {
  const pubsub = config.redisUrl ? await createRedisPubSub(config.redisUrl, logger) : createMemoryPubSub();
  onClose('pub/sub', () => pubsub.close());
  return pubsub;
}

// Rate limits live in Redis when there is one, so every instance counts together; without it (lost
// at run time) each instance counts in memory. Commands fail fast instead of queueing for a Redis
// that is away.
export async function openRateLimiter(
  config: Config,
  logger: Logger,
  clock: Clock,
  onClose: OnClose,
): Promise<RateLimiter & { store: () => 'redis' | 'memory' }> {
  const memory = createMemoryRateLimiter(() => clock.now().getTime());
  if (!config.redisUrl) return Object.assign(memory, { store: () => 'memory' as const });
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectionName: 'squad-limits',
  });
  redis.on('error', (err) => logger.warn({ err }, 'redis (rate limits) error'));
  await redis.connect();
  onClose('rate limiter', async () => {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });
  return createFallbackRateLimiter(redis, memory, logger);
}
