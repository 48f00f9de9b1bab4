import type { JobRunner } from '#server/jobs/job-runner.ts';
import type { Services } from '#server/modules/services.ts';

// The time-driven work (ADR 035). Each handler is a sweep over stored state or an idempotent action:
// a job that runs twice, or after a crash, changes nothing twice.
export function registerJobs(jobs: JobRunner, services: Services) {
  const run = (work: () => Promise<unknown>) => async () => {
    await work();
  };
  // Purchased tokens whose validity ran out: an EXPIRED ledger entry each.
  jobs.register(
    'tokens.expire',
    run(() => services.tokens.expireDue()),
    { cron: '* * * * *' },
  );
  // Checkouts nobody finished.
  jobs.register(
    'payments.expire',
    run(() => services.payments.expireStale()),
    { cron: '*/5 * * * *' },
  );
  // Events that ended: participation, referral and monthly-challenge rewards.
  jobs.register(
    'rewards.settle',
    run(() => services.rewards.settleEndedEvents()),
    { cron: '* * * * *' },
  );
  // Auto-refill: queued by a spend under the threshold; the sweep catches a lost nudge.
  jobs.register(
    'payments.autoRefill',
    async (data) => {
      if (typeof data.userId === 'string') await services.payments.runAutoRefill(data.userId);
    },
    { oneWaitingPerKey: true },
  );
  jobs.register(
    'payments.autoRefillSweep',
    run(() => services.payments.autoRefillSweep()),
    { cron: '*/10 * * * *' },
  );
  // "New messages while you were away": queued by each message, one waiting per conversation and
  // member; the handler sends at most one an hour (ADR 042).
  jobs.register(
    'messages.digest',
    async (data) => {
      if (typeof data.conversationId === 'string' && typeof data.userId === 'string')
        await services.digests.sendDigest(data.conversationId, data.userId);
    },
    { oneWaitingPerKey: true },
  );
}
