import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { rowCodec, uuidArray } from '#db/row-codec.ts';
import { events, users } from '#db/schema/index.ts';

let database: DatabaseHandle;
beforeAll(() => {
  database = createDatabase(inject('databaseUrl'), { max: 4 });
});
afterAll(() => database?.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows[0] as T;

describe(`database (${inject('backend')})`, () => {
  it('has every migration applied and the extensions installed', async () => {
    const migrations = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect((migrations.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(2);
    const ext = await database.db.execute(sql`select extname from pg_extension order by extname`);
    const names = ext.rows.map((r) => (r as { extname: string }).extname);
    expect(names).toEqual(expect.arrayContaining(['citext', 'cube', 'earthdistance', 'pg_trgm', 'unaccent']));
  });

  it('folds Turkish text with search_norm()', async () => {
    const row = await one<Record<string, string>>(sql`select
      search_norm('KADIKÖY') as a, search_norm('Kadıköy') as b, search_norm('kadikoy') as c,
      search_norm('İSTANBUL') as d, search_norm('ISTANBUL') as e, search_norm('Iğdır Çay Şöleni') as f`);
    expect(row).toEqual({
      a: 'kadikoy',
      b: 'kadikoy',
      c: 'kadikoy',
      d: 'istanbul',
      e: 'istanbul',
      f: 'igdir cay soleni',
    });
  });

  it('indexes the event point with GiST on earth_point (ll_to_earth with qualified calls, ADR 051) and the search text with trigrams', async () => {
    const rows = await database.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'events'`,
    );
    const defs = rows.rows.map((r) => (r as { indexdef: string }).indexdef);
    expect(defs.some((d) => /USING gist \(public_earth\)/.test(d))).toBe(true);
    const column = await database.db.execute(
      sql`select generation_expression from information_schema.columns where table_name = 'events' and column_name = 'public_earth'`,
    );
    expect((column.rows[0] as { generation_expression: string }).generation_expression).toMatch(
      /^(public\.)?earth_point\(\(public_lat \+ .*\(public_lng \+ /,
    );
    expect(defs.some((d) => /USING gin \(search_text gin_trgm_ops\)/.test(d))).toBe(true);
  });

  it('measures distances with earthdistance (Kadıköy–Beşiktaş ≈ 6.9 km)', async () => {
    const row = await one<{ km: number }>(
      sql`select earth_distance(ll_to_earth(40.9833, 29.0333), ll_to_earth(41.0422, 29.0067)) / 1000 as km`,
    );
    expect(row.km).toBeGreaterThan(6.4);
    expect(row.km).toBeLessThan(7.0);
  });

  it('keeps sessions apart: parallel extended-protocol queries and transactions do not mix', async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        if (i % 3 === 2) {
          return database.db.transaction(async (tx) => {
            const r = await tx.execute(sql`select ${i}::int as v, ${'t' + i}::text as s`);
            return r.rows[0] as { v: number; s: string };
          });
        }
        const r = await database.db.execute(
          i % 3 === 0
            ? sql`select ${i}::int as v, ${'t' + i}::text as s`
            : sql`select ${'t' + i}::text as s, ${i}::int as v, 1 as x`,
        );
        return r.rows[0] as { v: number; s: string };
      }),
    );
    results.forEach((r, i) => {
      expect(r.v).toBe(i);
      expect(r.s).toBe('t' + i);
    });
  });

  it('reads rows through rowCodec exactly as the query builder does', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ sub: `codec-${Date.now()}`, displayName: 'Çağla Işık', interests: ['futbol', 'satranç'] })
      .returning();
    const startsAt = new Date('2026-12-01T16:30:00.123Z');
    const [event] = await database.db
      .insert(events)
      .values({
        hostId: user.id,
        mode: 'physical',
        title: 'İstanbul halı saha',
        description: 'Kadıköy',
        category: 'sports',
        tags: ['hali-saha', 'futbol'],
        startsAt,
        durationMinutes: 90,
        endsAt: new Date(startsAt.getTime() + 90 * 60_000),
        lat: 40.99,
        lng: 29.02,
        publicLat: 40.99,
        publicLng: 29.03,
        publicLocation: 'Kadıköy, İstanbul',
        price: 12.5,
        skillLevel: 'beginner',
      })
      .returning();
    for (const [table, id] of [
      [events, event.id],
      [users, user.id],
    ] as const) {
      const codec = rowCodec(table);
      const built = await database.db.select().from(table).where(eq(table.id, id));
      const raw = await database.db.execute<Record<string, unknown>>(
        sql`select ${codec.columns} from ${table} where ${table.id} = any(${uuidArray([id, 'not-a-uuid'])})`,
      );
      expect(raw.rows.map(codec.decode)).toEqual(built);
    }
    const decoded = rowCodec(events).decode(
      (
        await database.db.execute<Record<string, unknown>>(
          sql`select ${rowCodec(events).columns} from ${events} where ${events.id} = ${event.id}`,
        )
      ).rows[0],
    );
    expect(decoded.startsAt).toEqual(startsAt);
    expect(decoded.price).toBe(12.5);
    expect(decoded.tags).toEqual(['hali-saha', 'futbol']);
    expect(decoded.cancelledAt).toBeNull();
  });
});

describe(`migration 0010: catalogue ids (${inject('backend')})`, () => {
  it('turns stored Turkish names into stable ids, keeps unknown values, and rebuilds the search text', async () => {
    const [host] = await database.db
      .insert(users)
      .values({ sub: `migration-${Date.now()}`, displayName: 'Göç testi' })
      .returning();
    const rows = await database.db
      .insert(events)
      .values(
        [
          { category: 'Spor', tags: ['Halı Saha', 'Ders Çalışma', 'Uydurma'], platform: null },
          { category: 'Popüler Oyunlar', tags: ['Counter-Strike 2', 'Ranked'], platform: 'CS2' },
        ].map((v, i) => ({
          hostId: host.id,
          mode: i === 0 ? ('physical' as const) : ('online' as const),
          title: `Göç ${i}`,
          description: 'Eski kayıt',
          ...v,
          startsAt: new Date(Date.now() + 86_400_000),
          endsAt: new Date(Date.now() + 90_000_000),
          durationMinutes: 60,
          ...(i === 0 && { lat: 41, lng: 29, publicLat: 41, publicLng: 29 }),
        })),
      )
      .returning({ id: events.id });
    const fs = await import('node:fs');
    const { paths } = await import('#server/lib/paths.ts');
    const migration = fs.readFileSync(`${paths.migrations}/0010_catalog_ids.sql`, 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement));
    const after = await database.db
      .select({
        category: events.category,
        tags: events.tags,
        platform: events.platform,
        search: events.searchText,
      })
      .from(events)
      .where(sql`${events.id} = any(${uuidArray(rows.map((r) => r.id))})`)
      .orderBy(events.title);
    expect(after.map(({ search: _s, ...r }) => r)).toEqual([
      { category: 'sports', tags: ['hali-saha', 'ders-calisma', 'Uydurma'], platform: null },
      { category: 'popular-games', tags: ['counter-strike-2', 'ranked'], platform: 'cs2' },
    ]);
    expect(after[0].search).toContain('hali-saha');
    await database.db.delete(users).where(eq(users.id, host.id));
  });
});
