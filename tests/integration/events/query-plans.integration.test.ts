import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { paramsOf } from '#db/row-codec.ts';
import { listStatement } from '#server/modules/events/events-list.query.ts';

// The map's near query must walk the nearest-first GiST index whatever the data looks like. With the
// block filter written as `host_id <> all(array(…))` and one host holding most events, the planner
// guessed one matching row and sorted every upcoming event by distance instead (ADR 008).
describe(`near query plan (${inject('backend')})`, () => {
  let database: DatabaseHandle;
  const hostSub = `plan-host-${crypto.randomUUID()}`;
  let hostId: string;

  beforeAll(async () => {
    database = createDatabase(inject('databaseUrl'), { max: 2 });
    const [host] = (
      await database.db.execute<{ id: string }>(
        sql`insert into users (sub, display_name) values (${hostSub}, 'Plan Host') returning id`,
      )
    ).rows;
    hostId = host.id;
    await database.db.execute(sql`
      insert into events (host_id, mode, title, description, category, tags, starts_at, ends_at, duration_minutes,
                          max_participants, location_name, lat, lng, public_location, public_lat, public_lng)
      select ${hostId}::uuid, 'physical', 'Plan ' || g, 'Plan verisi', 'sports', array['hali-saha'],
             now() + interval '1 day', now() + interval '1 day 2 hours', 120, 10, 'Nokta ' || g,
             41.0 + (g % 97) * 0.004, 28.9 + (g % 89) * 0.005, 'İstanbul',
             round((41.0 + (g % 97) * 0.004)::numeric, 2)::float8, round((28.9 + (g % 89) * 0.005)::numeric, 2)::float8
      from generate_series(1, 3000) g`);
    await database.db.execute(sql`analyze events`);
  });

  afterAll(async () => {
    await database.db.execute(sql`delete from events where host_id = ${hostId}::uuid`);
    await database.db.execute(sql`delete from users where id = ${hostId}::uuid`);
    await database.close();
  });

  it('orders by the GiST index (KNN) even when one host holds most events, with the block filter on', async () => {
    // The statement the list runs (one per filter shape), explained with this request's values.
    const { statement, values } = listStatement({
      mode: 'physical',
      near: { lat: 41.1, lng: 29.1 },
      radiusKm: 10,
      viewerId: crypto.randomUUID(),
      includePast: false,
      now: new Date(),
      limit: 21,
    });
    const plan = (
      await database.pool.query<{ 'QUERY PLAN': string }>(
        `explain ${statement.text}`,
        paramsOf(statement, values),
      )
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('events_public_earth_idx');
    expect(plan).toMatch(/Order By: \(public_earth <->/);
    expect(plan).not.toMatch(/Seq Scan on events/);
  });
});
