import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import {
  hasPostgresBinaries,
  PG_BIN,
  startOwnPostgres,
  type OwnPostgres,
} from '#tests/helpers/own-servers.ts';
import { paths } from '#server/lib/paths.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// The README's PostgreSQL backup, run as written there: pg_dump of a database the app wrote through
// its API, restored (a) into an empty database and (b) in place over the source, each then served by
// an app that reads and writes; and readiness on a database that lacks a table (ADR 051). The test's
// own cluster; runs once per test run (in the first integration group), wherever PostgreSQL 15's
// binaries are installed.
const run = inject('backend') === 'pglite' && hasPostgresBinaries();
if (!run && inject('backend') === 'pglite')
  console.warn('backup and restore test skipped: no PostgreSQL binaries');

// The README's commands without compose, one line each.
function readmeCommands() {
  const readme = fs.readFileSync(path.join(paths.root, 'README.md'), 'utf8');
  const lines = readme.split('\n').map((l) => l.trim());
  const find = (test: (line: string) => boolean, what: string) => {
    const found = lines.filter(test);
    if (found.length !== 1) throw new Error(`README: expected one ${what} line, found ${found.length}`);
    return found[0];
  };
  return {
    dump: find((l) => l.startsWith('pg_dump "$DATABASE_URL"'), 'pg_dump'),
    restoreEmpty: find(
      (l) => l.startsWith('pg_restore -d "$DATABASE_URL"') && !l.includes('--clean'),
      'restore',
    ),
    restoreInPlace: find(
      (l) => l.includes('pg_restore --clean') && l.includes('"$DATABASE_URL"'),
      'in-place restore',
    ),
  };
}

const SEARCH = `query($filter: EventFilter) { events(filter: $filter, first: 20) { edges { node { id title distanceKm } } } }`;
const JOIN = `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id status } } }`;
const ME = '{ me { id tokenBalance } }';
const PLACE = { name: 'Kapalıçarşı', address: 'Beyazıt, Fatih', lat: 41.0107, lng: 28.968 };

describe.runIf(run)('backup and restore (README)', () => {
  const commands = run ? readmeCommands() : undefined!;
  let pg15: OwnPostgres;
  let dir: string;
  let source: TestApp | undefined;
  let host: TestUser;
  let guest: TestUser;
  let eventId: string;
  let hostBalance: number;
  let catalogBefore: Catalog;
  let rowsBefore: Record<string, number>;
  const url = (db: string) => pg15.url.replace(/\/postgres$/, `/${db}`);

  async function query<T = any>(db: string, text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url(db) });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  // A README line, run by a shell in the dump's folder with the PostgreSQL client tools first on PATH.
  function sh(line: string, db: string) {
    const res = spawnSync('bash', ['-c', line], {
      cwd: dir,
      env: { ...process.env, PATH: `${PG_BIN}:${process.env.PATH}`, DATABASE_URL: url(db) },
      encoding: 'utf8',
    });
    return { status: res.status, stderr: res.stderr };
  }

  type Catalog = Record<
    'tables' | 'constraints' | 'foreignKeys' | 'indexes' | 'triggers' | 'functions',
    string[]
  >;
  async function catalog(db: string): Promise<Catalog> {
    const names = async (text: string) => (await query<{ n: string }>(db, text)).map((r) => r.n).sort();
    const ours = `in ('public', 'drizzle')`;
    return {
      tables: await names(
        `select n.nspname || '.' || c.relname as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname ${ours}`,
      ),
      constraints: await names(
        `select c.conrelid::regclass || '.' || c.conname as n from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace where n.nspname ${ours}`,
      ),
      foreignKeys: await names(
        `select c.conrelid::regclass || '.' || c.conname as n from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace where n.nspname ${ours} and c.contype = 'f'`,
      ),
      indexes: await names(
        `select n.nspname || '.' || c.relname as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind = 'i' and n.nspname ${ours}`,
      ),
      triggers: await names(
        `select tgrelid::regclass || '.' || tgname as n from pg_trigger where not tgisinternal`,
      ),
      functions: await names(
        `select p.oid::regprocedure::text as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'`,
      ),
    };
  }

  async function rowCounts(db: string) {
    const tables = ['users', 'events', 'join_requests', 'token_ledger', 'signing_keys'];
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = Number((await query(db, `select count(*) as n from ${t}`))[0].n);
    return counts;
  }

  async function appOn(db: string) {
    return startTestApp({ env: { DATABASE_URL: url(db), REDIS_URL: '' } });
  }

  // What a restored database must serve: the old sessions, the event found by folded search and by
  // distance, the balance; and a new event, found the same ways (its generated columns computed).
  async function expectServes(app: TestApp) {
    const ready = await app.rest('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.schema).toEqual({ complete: true, missing: [] });

    const me = await app.gql(ME, undefined, { token: host.token });
    expect(me.errors).toBeUndefined();
    expect(me.data.me).toEqual({ id: host.id, tokenBalance: hostBalance });

    const titles = async (filter: Record<string, unknown>) => {
      const res = await app.gql(SEARCH, { filter }, { token: guest.token });
      expect(res.errors).toBeUndefined();
      return res.data.events.edges.map((e: any) => e.node.title as string).sort();
    };
    expect(await titles({ search: 'ISIKLI carsi' })).toEqual(['Işıklı Çarşı turu']);
    expect(await titles({ mode: 'PHYSICAL', near: { lat: 41.01, lng: 28.97 }, radiusKm: 5 })).toEqual([
      'Işıklı Çarşı turu',
    ]);

    const created = await app.gql(
      CREATE_EVENT,
      {
        input: buildPhysicalEventInput({
          title: 'Geri yüklenen Üsküdar yürüyüşü',
          location: { name: 'Üsküdar', address: 'Mimar Sinan, Üsküdar', lat: 41.0256, lng: 29.0154 },
          publicLocation: 'Üsküdar, İstanbul',
        }),
      },
      { token: host.token },
    );
    expect(created.errors).toBeUndefined();
    expect(await titles({ search: 'uskudar YURUYUSU' })).toEqual(['Geri yüklenen Üsküdar yürüyüşü']);
    // The public point may sit up to ~1.2 km from the exact one (its cell plus the offset, ADR 040).
    expect(await titles({ mode: 'PHYSICAL', near: { lat: 41.0256, lng: 29.0154 }, radiusKm: 3 })).toEqual([
      'Geri yüklenen Üsküdar yürüyüşü',
    ]);
  }

  beforeAll(async () => {
    pg15 = await startOwnPostgres();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-backup-'));
    await query('postgres', 'create database squad_source');
    source = await appOn('squad_source');
    host = await source.newUser();
    guest = await source.newUser();
    const created = await source.gql(
      CREATE_EVENT,
      {
        input: buildPhysicalEventInput({
          title: 'Işıklı Çarşı turu',
          location: PLACE,
          publicLocation: 'Fatih, İstanbul',
        }),
      },
      { token: host.token },
    );
    expect(created.errors).toBeUndefined();
    eventId = created.data.createEvent.event.id;
    const joined = await source.gql(
      JOIN,
      { input: { eventId, message: 'Merhaba!' } },
      { token: guest.token },
    );
    expect(joined.errors).toBeUndefined();
    hostBalance = (await source.gql(ME, undefined, { token: host.token })).data.me.tokenBalance;

    // The backup is taken while the app runs, as the README says it may be.
    const dump = sh(commands.dump, 'squad_source');
    expect(dump).toEqual({ status: 0, stderr: '' });
    catalogBefore = await catalog('squad_source');
    rowsBefore = await rowCounts('squad_source');
    expect(rowsBefore.events).toBe(1);
    expect(rowsBefore.join_requests).toBe(1);
    expect(catalogBefore.tables).toContain('public.events');
  });
  afterAll(async () => {
    await source?.close();
    await pg15?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores into an empty database: every table, key and index, and an app that reads and writes', async () => {
    await query('postgres', 'create database squad_restored');
    const restore = sh(commands.restoreEmpty, 'squad_restored');
    expect(restore).toEqual({ status: 0, stderr: '' });
    expect(await catalog('squad_restored')).toEqual(catalogBefore);
    expect(await rowCounts('squad_restored')).toEqual(rowsBefore);

    const app = await appOn('squad_restored');
    try {
      await expectServes(app);
    } finally {
      await app.close();
    }
  }, 180_000);

  it('restores in place over the source: what was written after the backup is gone, the rest serves', async () => {
    const later = await source!.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ title: 'Yedekten sonra eklenen' }) },
      { token: host.token },
    );
    expect(later.errors).toBeUndefined();
    // "stop the app replicas first"
    await source!.close();
    source = undefined;

    const restore = sh(commands.restoreInPlace, 'squad_source');
    expect(restore).toEqual({ status: 0, stderr: '' });
    expect(await catalog('squad_source')).toEqual(catalogBefore);
    expect(await rowCounts('squad_source')).toEqual(rowsBefore);
    expect(
      await query('squad_source', `select title from events where title = 'Yedekten sonra eklenen'`),
    ).toEqual([]);

    const app = await appOn('squad_source');
    try {
      await expectServes(app);
    } finally {
      await app.close();
    }
  }, 180_000);

  it('is not ready on a database that lacks a table of the schema', async () => {
    await query('postgres', 'create database squad_incomplete');
    await (await appOn('squad_incomplete')).close();
    await query('squad_incomplete', 'drop table event_views');
    const app = await appOn('squad_incomplete');
    try {
      const ready = await app.rest('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        status: 'unavailable',
        database: { available: true },
        schema: { complete: false, missing: ['public.event_views'] },
      });
    } finally {
      await app.close();
    }
  }, 120_000);
});
