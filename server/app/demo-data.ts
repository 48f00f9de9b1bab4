import { isDatabaseEmpty, seedDemoData } from '#db/seed.ts';
import type { App } from './create-app.ts';

// The demo data set is a start-up step of `npm start` (server/main.ts), not part of building an app:
// embedded mode, an empty database, SEED_DEMO not off, never in production (config.seedDemo).
export async function seedDemoIfWanted(app: Pick<App, 'embedded' | 'config' | 'database' | 'logger'>) {
  if (!app.embedded || !app.config.seedDemo) return null;
  if (!(await isDatabaseEmpty(app.database.db))) return null;
  const seeded = await seedDemoData(app.database.db);
  app.logger.info(seeded, 'demo data seeded (SEED_DEMO=0 turns this off)');
  return seeded;
}
