// Bundles the server and the embedded-database child into dist/server (dependencies stay in
// node_modules). Node runs the result directly; no TypeScript at run time. Then writes Turkey's
// GeoIP table next to the bundle (scripts/build-geoip-table.ts).
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  legalComments: 'none',
  logLevel: 'warning',
};

await build({
  ...options,
  entryPoints: {
    main: 'server/main.ts',
    migrate: 'server/migrate-cli.ts',
    'pglite-child': 'db/embedded/pglite-child.ts',
  },
  outdir: 'dist/server',
  sourcemap: true,
});
console.log('server bundle written to dist/server');

await build({
  ...options,
  entryPoints: { 'build-geoip-table': 'scripts/build-geoip-table.ts' },
  outdir: 'dist/.build',
});
const geoip = spawnSync(process.execPath, ['dist/.build/build-geoip-table.js'], { stdio: 'inherit' });
if (geoip.status !== 0) process.exit(geoip.status ?? 1);
