import type { SavedPaymentMethod } from '#db/schema/index.ts';
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
  // A saved payment method the provider could not forget at once (account deleted, ADR 054).
  jobs.register('payments.detachMethod', async (data) => {
    const method = data.method as SavedPaymentMethod | undefined;
    if (method && typeof method.methodId === 'string')
      await services.payments.detachSavedMethod(method, false);
  });
  jobs.register(
    'payments.autoRefillSweep',
    run(() => services.payments.autoRefillSweep()),
    { cron: '*/10 * * * *' },
  );
  // Reminders 24 h and 1 h before events (ADR 046): each claimed before it is sent, so replicas
  // sweeping together send it once.
  jobs.register(
    'reminders.sweep',
    run(() => services.reminders.sweep()),
    { cron: '* * * * *' },
  );
  // The safety kit's check (ADR 068): 'Eve vardın mı?' 15 min before the expected home time, the
  // contacts' alert 30 min after it, each claimed once across replicas; expired plans' data goes.
  jobs.register(
    'safety.checkSweep',
    run(() => services.safetyCheck.sweep()),
    { cron: '* * * * *' },
  );
  // Waitlist offers past their deadline go to the next in line; free places get offered (ADR 045).
  jobs.register(
    'waitlist.sweep',
    run(() => services.waitlist.sweep()),
    { cron: '* * * * *' },
  );
  // Uploads nobody completed within an hour: their objects and rows (ADR 063).
  jobs.register(
    'uploads.sweep',
    run(() => services.uploads.sweepAbandoned()),
    { cron: '*/15 * * * *' },
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
