import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// Tiers: unit (colocated, no services), integration on the embedded database (always) and on
// PostgreSQL + Redis (when DATABASE_URL / REDIS_URL are set, as in CI), e2e in Chromium.
const integration = (name: string, backend: 'pglite' | 'postgres', groupOrder: number) => ({
  extends: true as const,
  test: {
    name,
    // Groups run one after the other: the embedded database first, then PostgreSQL + Redis.
    sequence: { groupOrder },
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    provide: { backend },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Test files share one database; each works with its own users and events.
    fileParallelism: true,
    maxWorkers: 2,
  },
});

const projects = [
  {
    extends: true as const,
    test: {
      name: 'unit',
      sequence: { groupOrder: 0 },
      include: [
        'server/**/*.test.ts',
        'db/**/*.test.ts',
        'client/src/**/*.test.{ts,tsx}',
        'client/scripts/**/*.test.ts',
        'tests/unit/**/*.test.ts',
      ],
      testTimeout: 20_000,
    },
  },
  integration('integration', 'pglite', 1),
  ...(process.env.DATABASE_URL ? [integration('integration-postgres', 'postgres', 2)] : []),
  {
    extends: true as const,
    test: {
      name: 'e2e',
      sequence: { groupOrder: 3 },
      include: ['tests/e2e/**/*.e2e.test.ts'],
      globalSetup: ['tests/e2e/global-setup.ts'],
      testTimeout: 120_000,
      hookTimeout: 300_000,
      fileParallelism: false,
    },
  },
];

export default defineConfig({
  resolve: {
    // graphql 16 has no "exports": Node (and so every dependency) loads its CommonJS build, while Vite
    // would pick the ESM one for our own files. One copy for all, or `instanceof` checks break.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    projects,
    pool: 'forks',
  },
});
