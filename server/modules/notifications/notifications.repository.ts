import type { DbOrTx } from '#db/client.ts';
import { notifications, type NotificationRow } from '#db/schema/index.ts';

export type NewNotification = {
  userId: string;
  type: NotificationRow['type'];
  eventId?: string | null;
  actorId?: string | null;
  joinRequestId?: string | null;
  data?: Record<string, unknown>;
};

export function createNotificationsRepository(db: DbOrTx) {
  return {
    async insertMany(tx: DbOrTx, rows: NewNotification[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return tx
        .insert(notifications)
        .values(rows.map((r) => ({ ...r, data: r.data ?? {} })))
        .returning();
    },
    db,
  };
}
