import '#server/lib/engine-flags.ts';
import { DataDirLockedError } from '#db/embedded/data-dir-lock.ts';
import { seedDemoIfWanted } from '#server/app/demo-data.ts';
import { startServer } from '#server/app/start-server.ts';
import { ConfigError, loadConfig } from '#server/lib/config.ts';
import { createLogger } from '#server/lib/logger.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  // The port answers from the first moment; while PostgreSQL or Redis is down the app waits for them
  // with back-off (not ready) instead of exiting (ADR 052).
  const starting = await startServer({ config, logger });
  let app;
  try {
    app = await starting.app;
  } catch (err) {
    await starting.close().catch(() => undefined);
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      console.error(`\n${err.message}\n`);
      process.exit(3);
    }
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }
  try {
    await seedDemoIfWanted(app);
  } catch (err) {
    logger.fatal({ err }, 'failed to seed the demo data');
    await app.close();
    process.exit(1);
  }
  logger.info({ url: config.publicUrl, port: config.port }, `Squad is listening on ${config.publicUrl}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 15_000);
    timer.unref();
    await app.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

void main();
