// `node dist/server/migrate.js`: applies pending migrations to DATABASE_URL and exits (the one-shot
// `migrate` service of docker-compose runs this before the app replicas start).
import { createDatabase } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { loadConfig } from '#server/lib/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { paths } from '#server/lib/paths.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel, 'squad-migrate');
if (!config.database.url) {
  logger.fatal('DATABASE_URL is not set');
  process.exit(2);
}
const database = createDatabase(config.database.url, { max: 2, applicationName: 'squad-migrate' });
try {
  await runMigrations(database.db, {
    migrationsFolder: paths.migrations,
    serializeWith: config.database.url,
  });
  logger.info('migrations applied');
} catch (err) {
  logger.fatal({ err }, 'migration failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
