import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { events } from '#db/schema/index.ts';
import { createJobRunner, type JobRunner } from '#server/jobs/job-runner.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createEventAs, joinEvent, moveEventEnd } from '#tests/helpers/flows.ts';
import { startTestApp } from '#tests/helpers/test-app.ts';

// The PostgreSQL job queue (pg-boss, ADR 035) on the run's database: embedded PGlite or PostgreSQL.
const logger = createLogger('silent');
const runners: JobRunner[] = [];
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

function runner(work: boolean) {
  const r = createJobRunner({ url: inject('databaseUrl'), logger, work, pollingIntervalSeconds: 0.5 });
  runners.push(r);
  return r;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job runner', () => {
  it('two replicas share a queue: every job runs once', async () => {
    const queue = `test.shared.${crypto.randomUUID()}`;
    const seen: { replica: number; n: number }[] = [];
    const replicas = [runner(true), runner(true)];
    replicas.forEach((r, replica) =>
      r.register(queue, async (data) => {
        seen.push({ replica, n: data.n as number });
      }),
    );
    await Promise.all(replicas.map((r) => r.start()));
    for (let n = 0; n < 20; n++) await replicas[n % 2].send(queue, { n });
    await until(() => seen.length >= 20, 60_000);
    // A moment more: nothing runs twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen.map((s) => s.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('retries the job whose handler failed, and only that one', async () => {
    const queue = `test.retry.${crypto.randomUUID()}`;
    const runs: number[] = [];
    const producer = runner(false);
    producer.register(queue, async () => {});
    await producer.start();
    // Sent before anyone works the queue, so one poll takes all three as a batch.
    for (const n of [1, 2, 3]) await producer.send(queue, { n });
    const r = runner(true);
    r.register(queue, async (data) => {
      const n = data.n as number;
      runs.push(n);
      if (n === 2 && runs.filter((x) => x === 2).length === 1)
        throw new Error('the database went away for a moment');
    });
    await r.start();
    await until(() => runs.length >= 4, 40_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs.sort()).toEqual([1, 2, 2, 3]);
  });

  it('keeps one waiting job per key on a queue that asks for it', async () => {
    const queue = `test.once.${crypto.randomUUID()}`;
    const handled: string[] = [];
    // Enqueued by an instance that does not work the queue (like the web replicas with JOB_WORKER=0).
    const producer = runner(false);
    producer.register(queue, async () => {}, { oneWaitingPerKey: true });
    await producer.start();
    await producer.send(queue, { userId: 'a' }, { singletonKey: 'a' });
    await producer.send(queue, { userId: 'a' }, { singletonKey: 'a' });
    await producer.send(queue, { userId: 'a' }, { singletonKey: 'a' });
    await producer.send(queue, { userId: 'b' }, { singletonKey: 'b' });

    const worker = runner(true);
    worker.register(
      queue,
      async (data) => {
        handled.push(data.userId as string);
      },
      { oneWaitingPerKey: true },
    );
    await worker.start();
    await until(() => handled.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.sort()).toEqual(['a', 'b']);
  });
});

describe('the app’s jobs', () => {
  it('a worker instance schedules the sweeps and works what is sent to them', async () => {
    const app = await startTestApp({ env: { JOB_WORKER: '1' } });
    try {
      const { rows } = await app.database.db.execute(
        sql`select name, cron, timezone from pgboss.schedule order by name`,
      );
      expect(
        (rows as { name: string; cron: string; timezone: string }[]).map((s) => [s.name, s.cron, s.timezone]),
      ).toEqual(
        expect.arrayContaining([
          ['payments.autoRefillSweep', '*/10 * * * *', 'Europe/Istanbul'],
          ['payments.expire', '*/5 * * * *', 'Europe/Istanbul'],
          ['rewards.settle', '* * * * *', 'Europe/Istanbul'],
          ['tokens.expire', '* * * * *', 'Europe/Istanbul'],
          ['uploads.sweep', '*/15 * * * *', 'Europe/Istanbul'],
        ]),
      );

      // An event that ended is settled by the job (sent now rather than waiting for the minute).
      const host = await app.newUser();
      const guest = await app.newUser();
      const eventId = await createEventAs(app, host, { online: true });
      await joinEvent(app, eventId, host, guest);
      // Ended past the hosts' attendance grace (ADR 049).
      await moveEventEnd(app, eventId, 25 * 3600_000);
      await app.deps.jobs.send('rewards.settle');
      await until(async () => {
        const [row] = await app.database.db
          .select({ settled: events.rewardsSettledAt })
          .from(events)
          .where(eq(events.id, eventId));
        return row?.settled != null;
      });
      const me = await app.gql('{ me { tokenBalance } }', undefined, { token: guest.token });
      expect(me.data.me.tokenBalance).toBe(6);
    } finally {
      await app.close();
    }
  });
});
