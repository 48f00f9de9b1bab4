// Prints an access token of the built-in identity provider for a test user, for poking at the API by
// hand (curl, GraphiQL). Needs the same database as the running server: DATABASE_URL, or the embedded
// data dir while no server holds it.
//   npx tsx scripts/mint-token.ts [sub] [username]
import { createDatabase } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { loadKeyStore } from '#server/identity/signing-keys.ts';
import { mintAccessToken } from '#server/identity/tokens.ts';
import { loadConfig } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';

const config = loadConfig();
if (!config.database.url) {
  console.error('Set DATABASE_URL to the database of the server you want a token for.');
  process.exit(2);
}
const database = createDatabase(config.database.url, { max: 1 });
await runMigrations(database.db, { migrationsFolder: paths.migrations, serializeWith: config.database.url });
const keys = await loadKeyStore(database.db);
const sub = process.argv[2] ?? 'dev-user';
const username = process.argv[3] ?? sub;
console.log(
  mintAccessToken(
    keys,
    { issuer: config.cognito.issuer, clientId: config.cognito.clientId },
    { sub, username },
  ),
);
await database.close();
