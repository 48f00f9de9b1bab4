import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { guardClient, type Database } from './client.ts';

// Applies pending drizzle-kit migrations. With a real PostgreSQL server several app instances may
// start at once: they queue on a table lock held by a separate connection for the duration
// (transaction-scoped, so it is safe behind PgBouncer). The embedded database has one server per
// data dir and needs no lock.
export async function runMigrations(
  db: Database,
  options: { migrationsFolder: string; serializeWith?: string },
): Promise<void> {
  if (!options.serializeWith) {
    await migrate(db, { migrationsFolder: options.migrationsFolder });
    return;
  }
  // The server going away while the lock is held must fail the start, not end the process.
  const lockClient = guardClient(
    new pg.Client({ connectionString: options.serializeWith, application_name: 'squad-migrate' }),
    () => undefined,
  );
  await lockClient.connect();
  // PGlite (also when reached through DATABASE_URL) is a single session: a lock held on one
  // connection would block the migration on the other forever, and there is nothing to serialize.
  const { rows } = await lockClient.query<{ v: string }>('select version() as v');
  if (rows[0]?.v.includes('PGlite')) {
    await lockClient.end();
    await migrate(db, { migrationsFolder: options.migrationsFolder });
    return;
  }
  try {
    await lockClient.query('create table if not exists squad_migration_lock (id int primary key)');
    await lockClient.query('begin');
    await lockClient.query('lock table squad_migration_lock in exclusive mode');
    await migrate(db, { migrationsFolder: options.migrationsFolder });
    await lockClient.query('commit');
  } catch (err) {
    await lockClient.query('rollback').catch(() => {});
    throw err;
  } finally {
    await lockClient.end();
  }
}
