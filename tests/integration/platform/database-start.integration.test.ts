import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '#db/client.ts';
import { startServer } from '#server/app/start-server.ts';
import { loadConfig } from '#server/lib/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import {
  hasPostgresBinaries,
  hasRedisServer,
  startOwnPostgres,
  startOwnRedis,
  type OwnPostgres,
  type OwnRedis,
} from '#tests/helpers/own-servers.ts';
import { decorate, expectOneError, startTestApp, testEnv, type TestApp } from '#tests/helpers/test-app.ts';

// ADR 052: an instance started while PostgreSQL and Redis are down, the bounded wait for a pooled
// connection, and the embedded database's socket.

const pglite = inject('backend') === 'pglite';

async function poll<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(pglite && hasPostgresBinaries() && hasRedisServer())(
  'start while the dependencies are down',
  () => {
    let pg: OwnPostgres;
    let redis: OwnRedis;
    beforeAll(async () => {
      pg = await startOwnPostgres();
      redis = await startOwnRedis();
      await pg.stop('fast');
      await redis.kill();
    }, 120_000);
    afterAll(async () => {
      await pg?.destroy();
      await redis?.destroy();
    });

    it('answers live and not ready, waits with back-off, and becomes ready once both are up', async () => {
      const config = loadConfig(testEnv({ DATABASE_URL: pg.url, REDIS_URL: redis.url }));
      const starting = await startServer({
        config,
        logger: createLogger('silent'),
        port: 0,
        host: '127.0.0.1',
      });
      try {
        const live = await fetch(`${starting.url}/healthz`);
        expect(live.status).toBe(200);
        const waiting = await poll('waiting for the database', async () => {
          const res = await fetch(`${starting.url}/readyz`);
          const body = (await res.json()) as { status: string; waitingFor: string };
          return body.waitingFor === 'database' ? { status: res.status, body } : undefined;
        });
        expect(waiting).toEqual({ status: 503, body: { status: 'starting', waitingFor: 'database' } });
        const api = await fetch(`${starting.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        expect(api.status).toBe(503);
        expect(api.headers.get('retry-after')).toBeTruthy();
        expect(expectOneError((await api.json()) as never, 'SERVICE_UNAVAILABLE').message).toMatch(
          /database/,
        );

        await pg.start();
        await poll('waiting for redis', async () => {
          const body = (await (await fetch(`${starting.url}/readyz`)).json()) as { waitingFor?: string };
          return body.waitingFor === 'redis' ? true : undefined;
        });
        await redis.start();
        const app = decorate(await starting.app, starting.url);
        const ready = await poll('ready', async () => {
          const res = await fetch(`${starting.url}/readyz`);
          return res.status === 200 ? ((await res.json()) as { status: string }) : undefined;
        });
        expect(ready.status).toBe('ready');
        const user = await app.newUser();
        expect(user.id).toBeTruthy();
      } finally {
        await starting.close();
      }
    }, 180_000);
  },
);

describe('the wait for a pooled connection is bounded', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { DATABASE_POOL_MAX: '1', DATABASE_POOL_WAIT_MS: '300' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 with Retry-After at once while every connection is busy, and stays ready', async () => {
    const user = await app.newUser();
    // The pool's only connection, held as a long transaction on a hot row would hold it.
    const held = await app.database.pool.connect();
    try {
      const started = Date.now();
      const res = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({
          query: 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { bio } } }',
          variables: { input: { bio: 'sıcak satır' } },
        }),
      });
      const waited = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(expectOneError((await res.json()) as never, 'SERVICE_UNAVAILABLE').message).toMatch(
        /tekrar dene/,
      );
      // Bounded by DATABASE_POOL_WAIT_MS (300 ms), not pg's former 10 s; generous for a busy machine.
      expect(waited).toBeLessThan(5000);

      // A saturated pool is not a database that is down: still ready, nothing refused up front.
      const ready = await app.rest('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.database).toMatchObject({ available: true });
    } finally {
      held.release();
    }
    const after = await app.gql(
      'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { bio } } }',
      { input: { bio: 'serbest' } },
      { token: user.token },
    );
    expect(after.errors).toBeUndefined();
    expect(after.data.updateProfile.viewer.bio).toBe('serbest');
  }, 60_000);
});

// The embedded database (the run's own, started by the global setup exactly as the app starts it).
describe.runIf(pglite)('the embedded database listens only on a private socket', () => {
  it('has no TCP port, a socket only its user may open, and refuses anyone else', async () => {
    const url = inject('databaseUrl');
    const parsed = new URL(url);
    const host = parsed.searchParams.get('host');
    const port = parsed.port;
    // A directory path, not 127.0.0.1:<port> that anyone on the machine could reach without a password.
    expect(host).toMatch(/^\//);
    expect(port || '').toBe('');
    const socketFile = path.join(host!, '.s.PGSQL.5432');
    expect(fs.statSync(host!).mode & 0o777).toBe(0o700);
    expect(fs.statSync(socketFile).mode & 0o777).toBe(0o600);

    // The owner connects.
    const database = createDatabase(url, { max: 1 });
    try {
      const { rows } = await database.pool.query<{ one: number }>('select 1 as one');
      expect(rows[0].one).toBe(1);
    } finally {
      await database.close();
    }

    // Another user on the machine is refused by the kernel (root here: try as `nobody`).
    if (process.getuid?.() === 0) {
      const id = (flag: string) => Number(spawnSync('id', [flag, 'nobody']).stdout.toString().trim());
      const [nobody, nogroup] = [id('-u'), id('-g')];
      // perl (perl-base, on every Debian) rather than this Node, which may live under root's 0700 home.
      const probe = spawnSync(
        '/usr/bin/perl',
        [
          '-MIO::Socket::UNIX',
          '-e',
          'print IO::Socket::UNIX->new(Peer => $ARGV[0]) ? "CONNECTED\n" : ($!{EACCES} ? "EACCES\n" : "$!\n")',
          socketFile,
        ],
        { uid: nobody, gid: nogroup, cwd: '/', timeout: 10_000 },
      );
      expect(probe.error).toBeUndefined();
      expect(probe.stdout.toString().trim()).toBe('EACCES');
    }
  });
});
