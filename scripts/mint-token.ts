// Prints an access token of the built-in identity provider for an e-mail (the account is created,
// confirmed, if it does not exist), for poking at the API by hand (curl, GraphiQL). Needs the database
// of the running server in DATABASE_URL and the server's PUBLIC_URL (or PORT) for the issuer.
//   DATABASE_URL=postgres://… npx tsx scripts/mint-token.ts [e-mail]
import { createDatabase } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { createIdentityRepository } from '#server/identity/identity.repository.ts';
import { loadKeyStore } from '#server/identity/signing-keys.ts';
import { mintAccessToken } from '#server/identity/tokens.ts';
import { loadConfig } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';

const config = loadConfig();
if (!config.database.url) {
  console.error('Set DATABASE_URL to the database of the server you want a token for.');
  process.exit(2);
}
const database = createDatabase(config.database.url, { max: 2 });
await runMigrations(database.db, { migrationsFolder: paths.migrations, serializeWith: config.database.url });
const email = (process.argv[2] ?? 'dev@squad.test').toLowerCase();
const repo = createIdentityRepository(database.db);
const account =
  (await repo.accountByEmail(email)) ??
  (await repo.insertAccount({ email, status: 'CONFIRMED', emailVerified: 1 })) ??
  (await repo.accountByEmail(email))!;
const keys = await loadKeyStore(database.db);
console.log(
  mintAccessToken(
    keys,
    { issuer: config.cognito.issuer, clientId: config.cognito.clientId },
    { sub: account.sub, username: account.sub },
  ),
);
await database.close();
