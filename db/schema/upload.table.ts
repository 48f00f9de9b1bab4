import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './user.table.ts';

// A file a user sends straight to storage (a presigned or signed PUT), then asks the server to check
// and process. Nothing under `object_key` is ever served: only the processed variants are.
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    objectKey: text('object_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name'),
    // pending -> processed | rejected (with the reason).
    status: text('status').notNull().default('pending'),
    rejection: text('rejection'),
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    check('uploads_kind', sql`${t.kind} in ('avatar')`),
    check('uploads_status', sql`${t.status} in ('pending', 'processed', 'rejected')`),
    index('uploads_user_idx').on(t.userId, t.createdAt),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
