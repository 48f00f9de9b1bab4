import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '#server/app/create-app.ts';
import { loadConfig } from '#server/lib/config.ts';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { hasPostgresBinaries, startOwnPostgres, type OwnPostgres } from '#tests/helpers/own-servers.ts';
import { decorate, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// A database that crashes or restarts WHILE writes run (ADR 052). Before, a connection checked out
// for a transaction had no 'error' listener: the server going away emitted an unhandled 'error'
// (57P01 / ECONNRESET) and ended the process; here that process is the vitest worker, so such a crash
// fails this file outright. Runs once per test run (the embedded project), on the test's own servers.
const run = inject('backend') === 'pglite';

const UPDATE_PROFILE =
  'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id bio } } }';

type Outcome = { status: number; code?: string; detail?: string };

// What would have ended a real process: vitest catches it in the worker (and fails the run), this
// records it too so the test that caused it fails by name.
const uncaught: unknown[] = [];
const noteUncaught = (err: unknown) => uncaught.push(err);
beforeAll(() => {
  process.on('uncaughtException', noteUncaught);
});
afterAll(() => {
  process.off('uncaughtException', noteUncaught);
});

// Writers that keep mutations in flight until stopped: profile updates and event creations (a
// transaction with the token ledger). Every answer is recorded; a failed fetch means the app is gone.
function writeLoad(app: TestApp, users: TestUser[], perUser = 3) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  let inFlight = 0;
  let n = 0;
  const one = async (user: TestUser, i: number) => {
    inFlight++;
    try {
      const res =
        i % 4 === 0
          ? await app.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: user.token })
          : await app.gql(UPDATE_PROFILE, { input: { bio: `yazı ${i}` } }, { token: user.token });
      const errors = res.errors ?? [];
      outcomes.push({
        status: res.status,
        code: errors[0]?.extensions?.code,
        detail: errors.length > 1 ? JSON.stringify(errors) : errors[0]?.message,
      });
    } catch (err) {
      outcomes.push({ status: 0, detail: String(err) });
    } finally {
      inFlight--;
    }
  };
  const workers = users.flatMap((user) =>
    Array.from({ length: perUser }, async () => {
      while (!stopped) await one(user, n++);
    }),
  );
  return {
    outcomes,
    inFlight: () => inFlight,
    async until(count: number) {
      while (outcomes.length < count) await new Promise((r) => setTimeout(r, 10));
    },
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

// Each answer either succeeded or said "try again" (503 SERVICE_UNAVAILABLE); never a 500, never a
// dropped connection. The tokens run out (5 each) after a few event creations: a 4xx BAD_USER_INPUT
// or similar is a correct answer too, so only those two failures are refused.
function expectOnlySuccessOr503(outcomes: Outcome[]) {
  expect(uncaught.map(String)).toEqual([]);
  const bad = outcomes.filter(
    (o) =>
      o.status === 0 ||
      (o.status >= 500 && !(o.status === 503 && o.code === 'SERVICE_UNAVAILABLE')) ||
      o.code === 'INTERNAL_SERVER_ERROR',
  );
  expect(bad).toEqual([]);
}

async function readyAgain(app: TestApp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.rest('GET', '/readyz');
    if (res.status === 200) return res;
    if (Date.now() > deadline) throw new Error(`not ready again: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function servesWrites(app: TestApp, user: TestUser) {
  const res = await app.gql(UPDATE_PROFILE, { input: { bio: 'geri geldim' } }, { token: user.token });
  expect(res.errors).toBeUndefined();
  expect(res.data.updateProfile.viewer.bio).toBe('geri geldim');
}

describe.runIf(run && hasPostgresBinaries())('PostgreSQL crash and restart under write load', () => {
  let pg: OwnPostgres;
  let app: TestApp;
  let users: TestUser[];
  beforeAll(async () => {
    pg = await startOwnPostgres();
    app = await startTestApp({ env: { DATABASE_URL: pg.url, REDIS_URL: '', DATABASE_POOL_MAX: '6' } });
    users = await Promise.all(Array.from({ length: 4 }, () => app.newUser()));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await pg?.destroy();
  });

  for (const how of ['crash', 'fast'] as const) {
    it(`survives a ${how === 'crash' ? 'postmaster kill -9' : 'fast restart'} with mutations in flight`, async () => {
      const load = writeLoad(app, users);
      await load.until(20);
      while (load.inFlight() === 0) await new Promise((r) => setImmediate(r));
      await pg.stop(how);
      const answeredDuringOutage = load.outcomes.length;
      await pg.start();
      await readyAgain(app);
      await load.stop();

      expect(load.outcomes.length).toBeGreaterThan(answeredDuringOutage);
      expect(load.outcomes.some((o) => o.status === 503)).toBe(true);
      expectOnlySuccessOr503(load.outcomes);
      await servesWrites(app, users[0]);
    }, 180_000);
  }
});

// The embedded database's own process (PGlite) killed by pid: the app restarts it on the same data
// dir and socket, answers 503 and is not ready meanwhile, and serves again afterwards.
describe.runIf(run)('embedded database process killed under write load', () => {
  let app: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-crash-'));
    const created = await createApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        PORT: '0',
        SEED_DEMO: '0',
        JOB_WORKER: '0',
        PUBLIC_URL: 'http://squad.test',
      }),
    });
    app = decorate(created, await created.listen(0, '127.0.0.1'));
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The PGlite child of this process (the worker): the run's shared one belongs to the main process.
  function embeddedChildPids(): number[] {
    return fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return (
            ppid === process.pid && fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('pglite-child')
          );
        } catch {
          return false;
        }
      })
      .map(Number);
  }

  it('restarts it and serves again', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => app.newUser()));
    const [pid] = embeddedChildPids();
    expect(pid).toBeGreaterThan(0);

    const load = writeLoad(app, users);
    await load.until(10);
    while (load.inFlight() === 0) await new Promise((r) => setImmediate(r));
    process.kill(pid, 'SIGKILL');
    // Away: not ready (the restart takes PGlite a moment to open its files).
    const away = await app.rest('GET', '/readyz');
    await readyAgain(app, 120_000);
    await load.stop();

    expect(away.status).toBe(503);
    const [restarted] = embeddedChildPids();
    expect(restarted).toBeGreaterThan(0);
    expect(restarted).not.toBe(pid);
    expectOnlySuccessOr503(load.outcomes);
    await servesWrites(app, users[0]);
  }, 240_000);
});
