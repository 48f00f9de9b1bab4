import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasPostgresBinaries, startOwnPostgres, type OwnPostgres } from '#tests/helpers/own-servers.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// A PostgreSQL restart or crash under a running app: the test's own cluster, stopped and killed by
// process id. Runs once per test run (in the first integration group), wherever PostgreSQL 15's
// binaries are installed.
const run = inject('backend') === 'pglite' && hasPostgresBinaries();
if (!run && inject('backend') === 'pglite')
  console.warn('database outage test skipped: no PostgreSQL binaries');

describe.runIf(run)('database outage', () => {
  let pg: OwnPostgres;
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    pg = await startOwnPostgres();
    app = await startTestApp({ env: { DATABASE_URL: pg.url, REDIS_URL: '' } });
    user = await app.newUser();
  });
  afterAll(async () => {
    await app?.close();
    await pg?.destroy();
  });

  const me = (locale = 'tr') =>
    app.gql('{ me { id tokenBalance } }', undefined, {
      token: user.token,
      headers: { 'accept-language': locale },
    });

  // /readyz is the readiness signal an orchestrator waits on; so does the test.
  async function readyAgain(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await app.rest('GET', '/readyz');
      if (res.status === 200) return res;
      if (Date.now() > deadline) throw new Error(`not ready again: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function expectOutageAnswers() {
    const tr = await me();
    expect(tr.status, JSON.stringify({ data: tr.data, errors: tr.errors })).toBe(503);
    expect(expectOneError(tr, 'SERVICE_UNAVAILABLE').message).toMatch(/veritaban/i);
    const en = await me('en');
    expect(en.status).toBe(503);
    expect(expectOneError(en, 'SERVICE_UNAVAILABLE').message).toMatch(/database/i);
    const rest = await app.rest('GET', '/private/profile', { token: user.token });
    expect(rest.status).toBe(503);
    expect(rest.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/veritaban/i),
    });
    const ready = await app.rest('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.database).toMatchObject({ available: false });
  }

  for (const how of ['fast', 'crash'] as const) {
    it(`answers 503 while PostgreSQL is away (${how === 'fast' ? 'restart' : 'crash'}) and resumes by itself`, async () => {
      // Several pooled connections, idle when the server goes.
      const before = await Promise.all(Array.from({ length: 4 }, () => me()));
      for (const res of before) expect(res.errors).toBeUndefined();

      await pg.stop(how);
      await expectOutageAnswers();

      await pg.start();
      const ready = await readyAgain();
      expect(ready.body.database).toMatchObject({ available: true });
      const after = await me();
      expect(after.errors).toBeUndefined();
      expect(after.data.me.id).toBe(user.id);
    }, 120_000);
  }
});
