import type { Database, Tx } from '#db/client.ts';
import type { Logger } from './logger.ts';

export type AfterCommit = (task: () => Promise<void> | void) => void;

// Runs `work` in one transaction; tasks queued with afterCommit (pub/sub publishes, e-mails) run only
// once the transaction has committed, so nobody is told about a write that was rolled back.
export async function inTransaction<T>(
  db: Database,
  logger: Logger,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const tasks: (() => Promise<void> | void)[] = [];
  const result = await db.transaction((tx) => work(tx, (task) => tasks.push(task)));
  for (const task of tasks) {
    try {
      await task();
    } catch (err) {
      logger.error({ err }, 'after-commit task failed');
    }
  }
  return result;
}
