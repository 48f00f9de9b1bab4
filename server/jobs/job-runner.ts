import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '#server/lib/logger.ts';

// Time-driven work on a PostgreSQL job queue (pg-boss, ADR 035): any number of replicas share it;
// cron schedules fire once across all of them. Handlers are sweeps over stored state or idempotent
// actions, so a job repeated after a crash, or run by two replicas, changes nothing twice.

// pg-boss's tables live in this schema.
const SCHEMA = 'pgboss';
// Jobs one worker takes per poll.
const BATCH_SIZE = 10;

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export type JobQueue = {
  // Enqueues a job. On a queue registered with `oneWaitingPerKey`, a job whose singletonKey is
  // already waiting is not added again.
  send(
    name: string,
    data?: Record<string, unknown>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
};

export type JobRunner = JobQueue & {
  // A handler for `name`; with `cron` (five fields, Turkey's time zone) it also runs on that schedule.
  register(name: string, handler: JobHandler, options?: { cron?: string; oneWaitingPerKey?: boolean }): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  // Jobs not yet done, by queue and state (created, retry, active) and failed ones: for /metrics.
  queueCounts(): Promise<{ name: string; state: string; count: number }[]>;
};

export function createJobRunner(options: {
  url: string;
  logger: Logger;
  // false: jobs are enqueued but this instance neither works nor schedules them (tests, one-off tools).
  work: boolean;
  pollingIntervalSeconds?: number;
}): JobRunner {
  const { logger } = options;
  const boss = new PgBoss({
    connectionString: options.url,
    max: 2,
    application_name: 'squad-jobs',
    schema: SCHEMA,
    schedule: options.work,
    supervise: options.work,
    // pg-boss's own pool listens only on idle clients: one that is checked out when the server goes
    // away would emit 'error' with nobody listening and end the process (ADR 052). Passed on to pg.Pool.
    onConnect: (client: pg.PoolClient) => {
      client.on('error', (err) => logger.warn({ err }, 'job queue connection failed'));
    },
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => logger.warn({ err }, 'job queue error'));
  // Replicas starting together on a new database would create the queues' partitions at the same
  // moment, and PostgreSQL can pick one of them as a deadlock victim: creation is serialised across
  // instances by an advisory lock held for the one statement (create_queue does nothing when the
  // queue exists).
  const createQueue = (name: string, policy: 'standard' | 'short') =>
    boss.getDb().executeSql(
      `select ${SCHEMA}.create_queue($1, $2::json)
           from (select pg_advisory_xact_lock(hashtext('squad-jobs:create-queue'))) as serialised`,
      [name, JSON.stringify({ policy })],
    );
  const handlers = new Map<string, { handler: JobHandler; cron?: string; oneWaitingPerKey?: boolean }>();
  let started = false;

  return {
    register(name, handler, o = {}) {
      if (started) throw new Error(`job ${name} registered after start`);
      handlers.set(name, { handler, cron: o.cron, oneWaitingPerKey: o.oneWaitingPerKey });
    },

    async send(name, data = {}, o = {}) {
      await boss.send(name, data, {
        ...(o.singletonKey && { singletonKey: o.singletonKey }),
        ...(o.startAfterSeconds && { startAfter: o.startAfterSeconds }),
        retryLimit: 3,
        retryBackoff: true,
      });
    },

    async start() {
      await boss.start();
      for (const [name, { handler, cron, oneWaitingPerKey }] of handlers) {
        // pg-boss's "short" policy: at most one created job per singletonKey.
        await createQueue(name, oneWaitingPerKey ? 'short' : 'standard');
        if (!options.work) continue;
        // pg-boss polls once per interval; a batch keeps a busy queue moving. Each job of a batch
        // succeeds or fails on its own: failed ones are failed here (and retried), and pg-boss
        // completes only those still active.
        await boss.work(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: BATCH_SIZE },
          async (jobs) => {
            const results = await Promise.allSettled(
              jobs.map(async (job) => {
                const began = Date.now();
                await handler((job.data ?? {}) as Record<string, unknown>);
                logger.debug({ job: name, ms: Date.now() - began }, 'job done');
              }),
            );
            for (const [i, r] of results.entries()) {
              if (r.status === 'fulfilled') continue;
              logger.error({ err: r.reason, job: name }, 'job failed (it will be retried)');
              await boss.fail(name, jobs[i].id, { message: String(r.reason) });
            }
          },
        );
        if (cron) await boss.schedule(name, cron, {}, { tz: 'Europe/Istanbul' });
      }
      started = true;
      logger.info({ jobs: [...handlers.keys()], work: options.work }, 'job queue started');
    },

    async queueCounts() {
      if (!started) return [];
      const { rows } = await boss.getDb().executeSql(
        `select name, state::text as state, count(*)::int as count from ${SCHEMA}.job
            where state in ('created', 'retry', 'active', 'failed') group by name, state order by name, state`,
        [],
      );
      return (rows as { name: string; state: string; count: number }[]).filter((r) => handlers.has(r.name));
    },

    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
