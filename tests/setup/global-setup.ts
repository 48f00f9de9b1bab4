import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '#db/client.ts';
import { startEmbeddedPostgres } from '#db/embedded/embedded-postgres.ts';
import { runMigrations } from '#db/migrate.ts';
import { paths } from '#server/lib/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    backend: 'pglite' | 'postgres';
    databaseUrl: string;
    redisUrl: string;
  }
}

// One database per test run: the embedded PGlite (in a temp dir, exactly as `npm start` runs it) or
// the PostgreSQL server of DATABASE_URL (with Redis from REDIS_URL). Migrated once here.
export default async function setup(project: TestProject) {
  const { backend } = project.getProvidedContext();
  let url: string;
  let stop = async () => {};
  if (backend === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-it-'));
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
    url = pg.url;
    stop = async () => {
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    url = process.env.DATABASE_URL!;
  }
  const database = createDatabase(url, { max: 2 });
  await runMigrations(database.db, {
    migrationsFolder: paths.migrations,
    serializeWith: backend === 'postgres' ? url : undefined,
  });
  await database.close();
  project.provide('databaseUrl', url);
  project.provide('redisUrl', backend === 'postgres' ? (process.env.REDIS_URL ?? '') : '');
  return stop;
}
