import type { Tx } from '#db/client.ts';
import type { Deps } from '#server/context/deps.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createNotificationsRepository, type NewNotification } from './notifications.repository.ts';

// Notifications are stored (unread counts survive reconnects) and pushed to the user's channel once
// the transaction that caused them has committed.
export function createNotificationsService(deps: Deps) {
  const repo = createNotificationsRepository(deps.db);
  return {
    async notify(tx: Tx, afterCommit: AfterCommit, items: NewNotification[]) {
      const rows = await repo.insertMany(tx, items);
      afterCommit(async () => {
        await Promise.all(
          rows.map((row) =>
            deps.pubsub.publish(channels.notifications(row.userId), {
              userId: row.userId,
              notificationId: row.id,
            }),
          ),
        );
      });
      return rows;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
