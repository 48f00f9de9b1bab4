import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';

// Bulk events for benchmarks: spread over Istanbul, Ankara and İzmir (physical) plus online ones, in
// one INSERT … SELECT so even a million rows take seconds, not minutes. Hosts as in real use: one per
// EVENTS_PER_HOST events, so a page of cards names many hosts and no host dominates the statistics.
const EVENTS_PER_HOST = 20;

export async function seedBenchEvents(db: Database, count: number): Promise<void> {
  const hosts = Math.max(1, Math.ceil(count / EVENTS_PER_HOST));
  await db.execute(sql`
    insert into users (sub, display_name, token_balance)
    select 'bench-host-' || h, 'Bench Host ' || h, 0 from generate_series(1, ${hosts}) h
    on conflict (sub) do nothing`);
  await db.execute(sql`
    insert into events (host_id, mode, title, description, category, tags, starts_at, ends_at, duration_minutes,
                        max_participants, location_name, lat, lng, public_location, public_lat, public_lng, platform, is_demo)
    select (select id from users where sub = 'bench-host-' || (1 + p.g % ${hosts})), p.mode, 'Bench etkinliği ' || p.g, 'Benchmark verisi ' || p.g || ' için açıklama',
           case when p.mode = 'online' then 'popular-games' else 'sports' end,
           case when p.mode = 'online' then array['valorant'] else array['hali-saha'] end,
           now() + (p.g % 720) * interval '1 hour' + interval '1 hour',
           now() + (p.g % 720) * interval '1 hour' + interval '3 hours',
           120, 10,
           case when p.mode = 'online' then null else 'Nokta ' || p.g end,
           p.lat, p.lng, p.city,
           round(p.lat::numeric, 2)::float8, round(p.lng::numeric, 2)::float8,
           case when p.mode = 'online' then 'discord' end,
           true
    from (
      select g,
             case when g % 5 = 0 then 'online'::event_mode else 'physical'::event_mode end as mode,
             case when g % 5 = 0 then null else c.lat + (random() - 0.5) * 0.4 end as lat,
             case when g % 5 = 0 then null else c.lng + (random() - 0.5) * 0.5 end as lng,
             case when g % 5 = 0 then null else c.name end as city
      from generate_series(1, ${count}) g
      join (values (0, 41.0082, 28.9784, 'İstanbul'), (1, 39.9334, 32.8597, 'Ankara'), (2, 38.4237, 27.1428, 'İzmir'))
        as c(k, lat, lng, name) on c.k = g % 3
    ) p`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze events`);
}
