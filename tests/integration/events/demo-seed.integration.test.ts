import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createApp, type AppOptions } from '#server/app/create-app.ts';
import { seedDemoIfWanted } from '#server/app/demo-data.ts';
import { loadConfig } from '#server/lib/config.ts';
import { decorate } from '#tests/helpers/test-app.ts';

// The demo set is part of the embedded default: `npm start` (server/main.ts) on a fresh data dir seeds
// it right after building the app, as `start` does here.
async function start(options: AppOptions) {
  const app = await createApp(options);
  await seedDemoIfWanted(app);
  return app;
}

describe.runIf(inject('backend') === 'pglite')('demo data', () => {
  it('seeds an empty embedded database once, marked as demo, and not with SEED_DEMO=0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-demo-'));
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      PUBLIC_URL: 'http://squad.test',
      SEED_DEMO: '1',
    };
    const created = await start({ config: loadConfig(env) });
    const app = decorate(created, await created.listen(0, '127.0.0.1'));
    try {
      const user = await app.newUser();
      const near = await app.gql(
        '{ events(filter: {mode: PHYSICAL, near: {lat: 41.0082, lng: 28.9784}, radiusKm: 20}, first: 5) { totalCount edges { node { id title publicLocation host { displayName stats { averageRating } } } } } }',
        undefined,
        { token: user.token },
      );
      expect(near.errors).toBeUndefined();
      expect(near.data.events.totalCount).toBeGreaterThan(50);
      // Marked as demo data in the database (the API does not tell demo data apart).
      const ids = near.data.events.edges.map((e: any) => e.node.id);
      const marked = await app.database.pool.query(
        `select count(*)::int as n from events e join users u on u.id = e.host_id
         where e.id = any($1::uuid[]) and e.is_demo and u.sub like 'demo:%'`,
        [ids],
      );
      expect(marked.rows[0].n).toBe(ids.length);
      const online = await app.gql(
        '{ events(filter: {mode: ONLINE}, first: 100) { totalCount } lobbyStats { gamesAvailable averageHostRating matchSuccessRate } }',
        undefined,
        {
          token: user.token,
        },
      );
      expect(online.data.events.totalCount).toBeGreaterThan(30);
      expect(online.data.lobbyStats.gamesAvailable).toBeGreaterThan(3);
      expect(online.data.lobbyStats.averageHostRating).toBeGreaterThan(4);
      for (const city of ['Ankara', 'İzmir']) {
        const res = await app.gql(
          'query($s: String) { events(filter: {search: $s}) { totalCount } }',
          { s: city },
          { token: user.token },
        );
        expect(res.data.events.totalCount).toBeGreaterThan(10);
      }
    } finally {
      await app.close();
    }
    // A restart does not seed again; SEED_DEMO=0 on a fresh dir seeds nothing.
    const again = await start({ config: loadConfig(env) });
    const [{ n }] = (await again.database.pool.query('select count(*)::int as n from events')).rows;
    await again.close();
    const bare = await start({
      config: loadConfig({
        ...env,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'squad-demo-off-')),
        SEED_DEMO: '0',
      }),
    });
    const [{ m }] = (await bare.database.pool.query('select count(*)::int as m from events')).rows;
    await bare.close();
    expect(n).toBe(380);
    expect(m).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Three embedded databases start in this test.
  }, 240_000);
});
