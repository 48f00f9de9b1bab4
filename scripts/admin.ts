// Operator commands for staff roles (ADR 039):
//   npm run admin -- grant moderator <e-mail>     the user works the moderation console (/admin)
//   npm run admin -- grant admin <e-mail>         an operator (also refunds, acting on other staff)
//   npm run admin -- revoke <e-mail>              back to a normal user
//   npm run admin -- list                         who is staff
// The user must have signed in to Squad once. The database is DATABASE_URL's, or the embedded one in
// DATA_DIR: the running server's (reached through its data-dir lock) or, with no server running, started
// here for the command. The running embedded server (told over its lock socket) and, with REDIS_URL,
// every instance behind Redis forget their cached copy at once; other setups within a minute.
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { createDatabase } from '#db/client.ts';
import { acquireDataDirLock, notifyHolder, whoHolds } from '#db/embedded/data-dir-lock.ts';
import { startEmbeddedPostgres } from '#db/embedded/embedded-postgres.ts';
import { runMigrations } from '#db/migrate.ts';
import { users } from '#db/schema/index.ts';
import { ConfigError, loadConfig } from '#server/lib/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { paths } from '#server/lib/paths.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createRedisPubSub } from '#server/pubsub/redis-pubsub.ts';

const USAGE = `usage:
  npm run admin -- grant moderator <e-mail>
  npm run admin -- grant admin <e-mail>
  npm run admin -- revoke <e-mail>
  npm run admin -- list`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const [command, ...rest] = process.argv.slice(2);
let role: 'user' | 'moderator' | 'admin' | null = null;
let email: string | undefined;
if (command === 'grant') {
  if (rest[0] !== 'moderator' && rest[0] !== 'admin') fail(USAGE);
  role = rest[0];
  email = rest[1];
} else if (command === 'revoke') {
  role = 'user';
  email = rest[0] === 'moderator' || rest[0] === 'admin' ? rest[1] : rest[0];
} else if (command !== 'list') {
  fail(USAGE);
}
if (role && !email?.includes('@')) fail(USAGE);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message);
}

const closers: (() => Promise<void>)[] = [];
let url = config.database.url;
let runningEmbedded = false;
if (!url) {
  const holder = await whoHolds(config.dataDir);
  if (holder?.databaseUrl) {
    url = holder.databaseUrl;
    runningEmbedded = true;
  } else if (holder) {
    fail(`The server (pid ${holder.pid}) on ${config.dataDir} did not answer; try again in a moment.`);
  } else {
    const lock = await acquireDataDirLock(config.dataDir);
    const pg = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg') });
    closers.push(
      () => lock.release(),
      () => pg.stop(),
    );
    url = pg.url;
  }
}
const database = createDatabase(url, { max: 1 });
closers.push(() => database.close());
const done = async (code: number) => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  process.exit(code);
};

try {
  await runMigrations(database.db, {
    migrationsFolder: paths.migrations,
    serializeWith: config.database.url,
  });
  if (!role) {
    const staff = await database.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.role, ['moderator', 'admin']))
      .orderBy(users.email);
    if (staff.length === 0) console.log('No moderators or admins yet.');
    for (const s of staff) console.log(`${s.role.padEnd(10)} ${s.email ?? '(no e-mail)'}`);
    await done(0);
  }
  const [user] = await database.db
    .update(users)
    .set({ role: role! })
    .where(eq(users.email, email!.trim().toLowerCase()))
    .returning({ id: users.id, sub: users.sub, email: users.email, role: users.role });
  if (!user) {
    console.error(`No Squad user with the e-mail ${email}. They must sign in to Squad once first.`);
    await done(1);
  }
  // The running embedded server hears it over its lock socket; instances behind Redis through Redis.
  if (runningEmbedded) await notifyHolder(config.dataDir, { type: 'forget', sub: user.sub });
  if (config.redisUrl) {
    const pubsub = await createRedisPubSub(config.redisUrl, createLogger('warn'));
    await pubsub.publish(channels.accounts, { userId: user.id, sub: user.sub, kind: 'role' });
    await pubsub.close();
  }
  console.log(`${user.email} is now ${user.role}.`);
  await done(0);
} catch (error) {
  console.error((error as Error).message);
  await done(1);
}
