import { and, count, countDistinct, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import {
  contentFlags,
  moderationActions,
  moderationAppeals,
  reports,
  users,
  type ContentFlagRow,
  type ModerationActionRow,
  type ModerationAppealRow,
  type ReportRow,
  type UserRow,
} from '#db/schema/index.ts';
import { olderThan } from '#server/lib/keyset.ts';
import type { PriorityAfter } from './trust.paging.ts';

export type NewFlag = typeof contentFlags.$inferInsert;
export type NewAction = typeof moderationActions.$inferInsert;
type After = { c: string; id: string } | undefined;
type PageArgs = { limit: number; after: After };

// Newest first, keyset on (created_at, id).
function newestFirst<T>(
  query: { where(c: SQL | undefined): { orderBy(...c: SQL[]): { limit(n: number): Promise<T[]> } } },
  conditions: (SQL | undefined)[],
  created: Parameters<typeof olderThan>[0],
  id: Parameters<typeof olderThan>[1],
  page: PageArgs,
): Promise<T[]> {
  return query
    .where(and(...conditions, page.after ? olderThan(created, id, page.after) : undefined))
    .orderBy(desc(created), desc(id))
    .limit(page.limit);
}

// The moderation tables (content flags, the audit log, appeals) and the moderation columns of users
// and reports. Everything a moderator reads or changes goes through here.
export function createTrustRepository(db: DbOrTx) {
  return {
    async insertFlag(tx: DbOrTx, values: NewFlag): Promise<ContentFlagRow> {
      const [row] = await tx.insert(contentFlags).values(values).returning();
      return row;
    },

    async flagById(tx: DbOrTx, id: string, lock = false): Promise<ContentFlagRow | undefined> {
      const q = tx.select().from(contentFlags).where(eq(contentFlags.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async flagOfSubject(subjectId: string): Promise<ContentFlagRow | undefined> {
      const [row] = await db
        .select()
        .from(contentFlags)
        .where(eq(contentFlags.subjectId, subjectId))
        .orderBy(desc(contentFlags.createdAt))
        .limit(1);
      return row;
    },

    flags(status: ContentFlagRow['status'], page: PageArgs): Promise<ContentFlagRow[]> {
      return newestFirst(
        db.select().from(contentFlags),
        [eq(contentFlags.status, status)],
        contentFlags.createdAt,
        contentFlags.id,
        page,
      );
    },

    async setFlagStatus(tx: DbOrTx, id: string, values: Partial<ContentFlagRow>): Promise<ContentFlagRow> {
      const [row] = await tx.update(contentFlags).set(values).where(eq(contentFlags.id, id)).returning();
      return row;
    },

    // Open flags on the same thing (a second edit of a bio flagged again) close together.
    async closeFlagsOn(
      tx: DbOrTx,
      where: { authorId: string; kind: string; subjectId: string | null },
      values: Partial<ContentFlagRow>,
    ): Promise<void> {
      await tx
        .update(contentFlags)
        .set(values)
        .where(
          and(
            eq(contentFlags.authorId, where.authorId),
            eq(contentFlags.kind, where.kind),
            where.subjectId ? eq(contentFlags.subjectId, where.subjectId) : sql`true`,
            eq(contentFlags.status, 'open'),
          ),
        );
    },

    // Priority reports ('Kendimi güvende hissetmedim', ADR 069) before all others, each part newest
    // first; the cursor carries the last row's priority beside its time and id.
    reports(
      status: ReportRow['status'],
      page: { limit: number; after: PriorityAfter | undefined },
    ): Promise<ReportRow[]> {
      const a = page.after;
      const after = a
        ? a.priority
          ? or(
              eq(reports.priority, false),
              and(eq(reports.priority, true), olderThan(reports.createdAt, reports.id, a)),
            )
          : and(eq(reports.priority, false), olderThan(reports.createdAt, reports.id, a))
        : undefined;
      return db
        .select()
        .from(reports)
        .where(and(eq(reports.status, status), after))
        .orderBy(desc(reports.priority), desc(reports.createdAt), desc(reports.id))
        .limit(page.limit);
    },

    async reportById(tx: DbOrTx, id: string, lock = false): Promise<ReportRow | undefined> {
      const q = tx.select().from(reports).where(eq(reports.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async openReportsAgainst(tx: DbOrTx, userId: string): Promise<ReportRow[]> {
      return tx
        .select()
        .from(reports)
        .where(and(eq(reports.targetUserId, userId), eq(reports.status, 'open')))
        .for('update');
    },

    async resolveReports(
      tx: DbOrTx,
      ids: readonly string[],
      values: Pick<ReportRow, 'status' | 'reviewedAt' | 'reviewedBy' | 'resolution'>,
    ): Promise<ReportRow[]> {
      if (ids.length === 0) return [];
      return tx
        .update(reports)
        .set(values)
        .where(and(inArray(reports.id, [...ids]), eq(reports.status, 'open')))
        .returning();
    },

    async distinctReportersSince(tx: DbOrTx, userId: string, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: countDistinct(reports.reporterId) })
        .from(reports)
        .where(
          and(eq(reports.targetUserId, userId), eq(reports.status, 'open'), gt(reports.createdAt, since)),
        );
      return row?.n ?? 0;
    },

    reportsAgainst(userId: string, limit: number): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(eq(reports.targetUserId, userId))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
    },

    async countReportsAgainst(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: reports.targetUserId, n: count() })
        .from(reports)
        .where(inArray(reports.targetUserId, [...userIds]))
        .groupBy(reports.targetUserId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    flagsOf(userId: string, limit: number): Promise<ContentFlagRow[]> {
      return db
        .select()
        .from(contentFlags)
        .where(eq(contentFlags.authorId, userId))
        .orderBy(desc(contentFlags.createdAt), desc(contentFlags.id))
        .limit(limit);
    },

    async insertAction(tx: DbOrTx, values: NewAction): Promise<ModerationActionRow> {
      const [row] = await tx.insert(moderationActions).values(values).returning();
      return row;
    },

    async actionById(tx: DbOrTx, id: string): Promise<ModerationActionRow | undefined> {
      const [row] = await tx.select().from(moderationActions).where(eq(moderationActions.id, id));
      return row;
    },

    actions(page: PageArgs, targetUserId?: string): Promise<ModerationActionRow[]> {
      return newestFirst(
        db.select().from(moderationActions),
        [targetUserId ? eq(moderationActions.targetUserId, targetUserId) : undefined],
        moderationActions.createdAt,
        moderationActions.id,
        page,
      );
    },

    // What a user may see of the actions taken against them (warnings, removals, suspensions).
    actionsAgainst(userId: string, kinds: readonly ModerationActionRow['action'][], limit: number) {
      return db
        .select()
        .from(moderationActions)
        .where(and(eq(moderationActions.targetUserId, userId), inArray(moderationActions.action, [...kinds])))
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(limit);
    },

    // Inserts the appeal unless the action already has one (then undefined).
    async insertAppeal(
      tx: DbOrTx,
      values: typeof moderationAppeals.$inferInsert,
    ): Promise<ModerationAppealRow | undefined> {
      const [row] = await tx.insert(moderationAppeals).values(values).onConflictDoNothing().returning();
      return row;
    },

    async appealById(tx: DbOrTx, id: string, lock = false): Promise<ModerationAppealRow | undefined> {
      const q = tx.select().from(moderationAppeals).where(eq(moderationAppeals.id, id));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async appealsOfActions(actionIds: readonly string[]): Promise<ModerationAppealRow[]> {
      if (actionIds.length === 0) return [];
      return db
        .select()
        .from(moderationAppeals)
        .where(inArray(moderationAppeals.actionId, [...actionIds]));
    },

    appeals(status: ModerationAppealRow['status'], page: PageArgs): Promise<ModerationAppealRow[]> {
      return newestFirst(
        db.select().from(moderationAppeals),
        [eq(moderationAppeals.status, status)],
        moderationAppeals.createdAt,
        moderationAppeals.id,
        page,
      );
    },

    async decideAppeal(
      tx: DbOrTx,
      id: string,
      values: Pick<ModerationAppealRow, 'status' | 'decidedAt' | 'decidedBy' | 'decisionNote'>,
    ): Promise<ModerationAppealRow> {
      const [row] = await tx
        .update(moderationAppeals)
        .set(values)
        .where(eq(moderationAppeals.id, id))
        .returning();
      return row;
    },

    async userById(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async lockUser(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    async updateUser(
      tx: DbOrTx,
      userId: string,
      values: Partial<
        Pick<
          UserRow,
          | 'suspendedAt'
          | 'suspendedUntil'
          | 'suspensionReason'
          | 'hiddenFromDiscoveryAt'
          | 'joinRequestsPausedUntil'
          | 'role'
        >
      >,
    ): Promise<UserRow> {
      const [row] = await tx.update(users).set(values).where(eq(users.id, userId)).returning();
      return row;
    },

    async userByEmail(tx: DbOrTx, email: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.email, email));
      return row;
    },

    // Queue sizes for the console's tabs.
    async openCounts(): Promise<{ reports: number; flags: number; appeals: number }> {
      const [r] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
      const [f] = await db.select({ n: count() }).from(contentFlags).where(eq(contentFlags.status, 'open'));
      const [a] = await db
        .select({ n: count() })
        .from(moderationAppeals)
        .where(eq(moderationAppeals.status, 'open'));
      return { reports: r?.n ?? 0, flags: f?.n ?? 0, appeals: a?.n ?? 0 };
    },
  };
}
