import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

// Applies pending drizzle-kit migrations. With a real PostgreSQL server several app instances may
// start at once: they queue on a table lock taken on a second connection (transaction-scoped, so it
// is safe behind PgBouncer). The embedded database has one server per data dir and needs no lock.
export async function runMigrations(
  db: Database,
  options: { migrationsFolder: string; serialize: boolean },
): Promise<void> {
  if (!options.serialize) {
    await migrate(db, { migrationsFolder: options.migrationsFolder });
    return;
  }
  await db.execute(sql`create table if not exists squad_migration_lock (id int primary key)`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table squad_migration_lock in exclusive mode`);
    await migrate(db, { migrationsFolder: options.migrationsFolder });
  });
}
