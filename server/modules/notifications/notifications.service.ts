import type { Tx } from '#db/client.ts';
import type { Deps } from '#server/context/deps.ts';
import type { NotificationRow } from '#db/schema/index.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts';
import { pageSize } from '#server/lib/paging.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createNotificationsRepository, type NewNotification } from './notifications.repository.ts';

type Cursor = { c: string; id: string };
const isCursor = (v: unknown): v is Cursor =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Cursor).c === 'string' &&
  /^[0-9a-f-]{36}$/i.test(String((v as Cursor).id));

// Notifications are stored (unread counts survive reconnects) and pushed to the user's channel once
// the transaction that caused them has committed.
export function createNotificationsService(deps: Deps) {
  const repo = createNotificationsRepository(deps.db);
  return {
    async page(
      viewer: Viewer,
      args: { unreadOnly?: boolean | null; first?: number | null; after?: string | null },
    ) {
      const limit = pageSize(args.first);
      const after = args.after ? decodeCursor(args.after, isCursor) : undefined;
      const rows = await repo.page(viewer.id, {
        unreadOnly: args.unreadOnly ?? false,
        limit: limit + 1,
        after,
      });
      const nodes = rows.slice(0, limit);
      const last = nodes.at(-1);
      return {
        nodes,
        pageInfo: {
          hasNextPage: rows.length > limit,
          endCursor: last ? encodeCursor({ c: last.createdAt.toISOString(), id: last.id }) : null,
        },
      };
    },

    unreadCount: (viewer: Viewer) => repo.unreadCount(viewer.id),

    async markRead(viewer: Viewer, input: { ids?: readonly string[] | null; all?: boolean | null }) {
      await repo.markRead(
        viewer.id,
        input.all ? 'all' : (input.ids ?? []).filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
      );
      return repo.unreadCount(viewer.id);
    },

    // Live: each message on the user's channel becomes the stored notification (read back, so only
    // the owner ever receives it).
    async *subscribe(viewer: Viewer): AsyncGenerator<NotificationRow> {
      const subscription = await deps.pubsub.subscribe(channels.notifications(viewer.id));
      try {
        for await (const message of subscription) {
          if (message.userId !== viewer.id) continue;
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
