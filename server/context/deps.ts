import type { Database } from '#db/client.ts';
import type { Config } from '#server/lib/config.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import type { JobQueue } from '#server/jobs/job-runner.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';

// What services are built from: created once at start, shared by every request.
export type Deps = {
  config: Config;
  db: Database;
  pubsub: PubSub;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  // Shared counters (Redis when configured) for per-user limits.
  limiter: RateLimiter;
  // The PostgreSQL job queue (time-driven work, nudges after commit).
  jobs: JobQueue;
};
