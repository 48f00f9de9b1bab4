import type { Tx } from '#db/client.ts';
import type { Deps } from '#server/context/deps.ts';
import type { NotificationRow } from '#db/schema/index.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isOwner } from '#server/auth/access.ts';
import { notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageByCreation } from '#server/lib/paging.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createNotificationsRepository, type NewNotification } from './notifications.repository.ts';

// Notifications are stored (unread counts survive reconnects) and pushed to the user's channel once
// the transaction that caused them has committed.
export function createNotificationsService(deps: Deps) {
  const repo = createNotificationsRepository(deps.db);
  return {
    async page(
      viewer: Viewer,
      args: { unreadOnly?: boolean | null; first?: number | null; after?: string | null },
    ) {
      return pageByCreation(args, (p) =>
        repo.page(viewer.id, { unreadOnly: args.unreadOnly ?? false, ...p }),
      );
    },

    unreadCount: (viewer: Viewer) => repo.unreadCount(viewer.id),

    // Message notifications of a conversation the user just read (in that transaction).
    markConversationRead: (tx: Tx, userId: string, conversationId: string) =>
      repo.markConversationRead(tx, userId, conversationId),

    // Ids that are not the viewer's (another user's, unknown or malformed) answer NOT_FOUND and
    // nothing is marked, so the answer never tells whose a notification is.
    async markRead(viewer: Viewer, input: { ids?: readonly string[] | null; all?: boolean | null }) {
      if (input.all) {
        await repo.markRead(viewer.id, 'all');
        return repo.unreadCount(viewer.id);
      }
      const ids = [...new Set(input.ids ?? [])];
      if (!ids.every(isUuid)) throw notFound();
      if ((await repo.countOwned(viewer.id, ids)) !== ids.length) throw notFound();
      await repo.markRead(viewer.id, ids);
      return repo.unreadCount(viewer.id);
    },

    // Live: each message on the user's channel becomes the stored notification (read back, so only
    // the owner ever receives it).
    async *subscribe(viewer: Viewer): AsyncGenerator<NotificationRow> {
      const subscription = await deps.pubsub.subscribe(channels.notifications(viewer.id));
      try {
        for await (const message of subscription) {
          if (!isOwner(viewer, message)) continue;
          const row = await repo.byId(viewer.id, message.notificationId);
          if (row) yield row;
        }
      } finally {
        await subscription.return();
      }
    },

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
