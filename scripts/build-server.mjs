// Bundles the server and the embedded-database child into dist/server (dependencies stay in
// node_modules). Node runs the result directly; no TypeScript at run time.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/main.ts',
    migrate: 'server/migrate-cli.ts',
    'pglite-child': 'db/embedded/pglite-child.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('server bundle written to dist/server');
