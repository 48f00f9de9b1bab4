// `npm run check`: everything CI gates on before the tests — formatting, lint, types, unit tests,
// and that generated files (GraphQL types) and migrations match their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (label, cmd, args) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
};
const read = (files) =>
  Object.fromEntries(
    files.map((f) => [
      f,
      fs.existsSync(path.join(root, f)) ? fs.readFileSync(path.join(root, f), 'utf8') : null,
    ]),
  );

run('format', 'npx', ['prettier', '--check', '.']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
// No hand-written source file over 400 lines (generated and data files exempt; ADR 064).
run('file size', 'node', ['scripts/line-limit.mjs']);
// Files, exports and dependencies nothing uses (knip.json says where the entry points are).
run('dead code', 'npx', ['knip', '--no-progress']);

const generated = ['server/__generated__/resolvers-types.ts', 'client/src/__generated__/graphql.ts'];
const before = read(generated);
run('codegen', 'npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent']);
const after = read(generated);
const stale = generated.filter((f) => before[f] !== after[f]);
if (stale.length) {
  console.error(`\n✖ generated files were stale (now regenerated, commit them): ${stale.join(', ')}`);
  process.exit(1);
}

const migrationsDir = path.join(root, 'db', 'migrations');
const migrationsBefore = fs.readdirSync(migrationsDir).sort().join('\n');
run('migrations up to date', 'npx', ['drizzle-kit', 'generate', '--config', 'db/drizzle.config.ts']);
if (fs.readdirSync(migrationsDir).sort().join('\n') !== migrationsBefore) {
  console.error(
    '\n✖ db/schema changed without a migration: drizzle-kit just generated one; review and commit it',
  );
  process.exit(1);
}
run('migration history', 'npx', ['drizzle-kit', 'check', '--config', 'db/drizzle.config.ts']);

run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
console.log('\n✔ check passed');
