import { describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import { expectedTables, watchSchema } from './schema-health.ts';

const logger = { info() {}, warn() {}, error() {} } as unknown as Logger;

// A database whose catalogue lists `tables` and whose migrations table has `applied` rows; `fail`
// makes every query throw (the server away). Counts the queries.
function fakeDb(state: { tables: string[]; applied: number; fail?: boolean }) {
  const db = {
    queries: 0,
    execute(query: unknown) {
      db.queries++;
      if (state.fail) return Promise.reject(new Error('connection terminated'));
      const text = JSON.stringify(query);
      if (text.includes('count(*)')) return Promise.resolve({ rows: [{ n: state.applied }] });
      return Promise.resolve({ rows: state.tables.map((name) => ({ name })) });
    },
  };
  return db;
}

const all = () => [...expectedTables(), 'drizzle.__drizzle_migrations'];

describe('expectedTables', () => {
  it('lists every table of db/schema with its schema', () => {
    const tables = expectedTables();
    expect(tables).toContain('public.events');
    expect(tables).toContain('public.users');
    expect(tables).toContain('public.token_ledger');
    expect(tables.every((t) => /^public\.[a-z_]+$/.test(t))).toBe(true);
  });
});

describe('watchSchema', () => {
  it('checks at start and then at most once per interval, not per request', async () => {
    let now = 0;
    const state = { tables: all(), applied: 10_000 };
    const db = fakeDb(state);
    const schema = watchSchema(db as unknown as Database, logger, { intervalMs: 30_000, now: () => now });
    expect(await schema.state()).toEqual({ complete: true, missing: [] });
    const afterStart = db.queries;
    for (let i = 0; i < 50; i++) await schema.state();
    expect(db.queries).toBe(afterStart);

    state.tables = all().filter((t) => t !== 'public.events');
    now = 29_999;
    expect((await schema.state()).complete).toBe(true);
    now = 30_000;
    expect(await schema.state()).toEqual({ complete: false, missing: ['public.events'] });
    expect(db.queries).toBe(afterStart * 2);
  });

  it('keeps the last result while the database does not answer (no flapping)', async () => {
    let now = 0;
    const state = { tables: all(), applied: 10_000, fail: false };
    const schema = watchSchema(fakeDb(state) as unknown as Database, logger, { now: () => now });
    expect((await schema.state()).complete).toBe(true);
    state.fail = true;
    now = 60_000;
    expect((await schema.state()).complete).toBe(true);
  });

  it('is incomplete when the migrations table is missing or behind the migrations folder', async () => {
    const missing = watchSchema(
      fakeDb({ tables: expectedTables(), applied: 0 }) as unknown as Database,
      logger,
    );
    expect(await missing.state()).toEqual({ complete: false, missing: ['drizzle.__drizzle_migrations'] });
    const behind = watchSchema(fakeDb({ tables: all(), applied: 3 }) as unknown as Database, logger);
    expect(await behind.state()).toMatchObject({
      complete: false,
      missing: [],
      migrations: { applied: 3, expected: expect.any(Number) },
    });
  });
});
