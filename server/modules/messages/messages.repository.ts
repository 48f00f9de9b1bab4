import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { uuidArray } from '#db/row-codec.ts';
import {
  conversationMembers,
  conversations,
  joinRequests,
  messageReveals,
  messages,
  type ConversationMemberRow,
  type ConversationRow,
  type MessageRow,
} from '#db/schema/index.ts';

type After = { c: string; id: string } | undefined;

// A member sees the messages sent up to when they left (everything, while active).
const visibleTo = (member: ConversationMemberRow) =>
  member.leftAt ? sql`${messages.createdAt} <= ${member.leftAt}` : sql`true`;

// Conversations, their members and messages (ADR 042).
export function createMessagesRepository(db: DbOrTx) {
  return {
    async byId(tx: DbOrTx, id: string): Promise<ConversationRow | undefined> {
      const [row] = await tx.select().from(conversations).where(eq(conversations.id, id));
      return row;
    },

    async byIds(ids: readonly string[]): Promise<ConversationRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(conversations)
        .where(sql`${conversations.id} = any(${uuidArray(ids)})`);
    },

    async findThread(eventId: string, userId: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.kind, 'event_thread'),
            eq(conversations.eventId, eventId),
            eq(conversations.userId, userId),
          ),
        )
        .limit(1);
      return row;
    },

    // The conversation of a natural key, created if missing (a concurrent creator wins the race).
    async findOrCreate(
      tx: DbOrTx,
      values: typeof conversations.$inferInsert & { kind: ConversationRow['kind'] },
    ): Promise<ConversationRow> {
      await tx.insert(conversations).values(values).onConflictDoNothing();
      const key =
        values.kind === 'direct'
          ? eq(conversations.directKey, values.directKey!)
          : values.kind === 'event_group'
            ? eq(conversations.eventId, values.eventId!)
            : and(eq(conversations.eventId, values.eventId!), eq(conversations.userId, values.userId!));
      const [row] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.kind, values.kind), key));
      return row;
    },

    // The group chat of each event the user is (or was) a member of.
    async groupsOfMember(userId: string, eventIds: readonly string[]): Promise<ConversationRow[]> {
      if (eventIds.length === 0) return [];
      return db
        .select({ c: conversations })
        .from(conversations)
        .innerJoin(
          conversationMembers,
          and(
            eq(conversationMembers.conversationId, conversations.id),
            eq(conversationMembers.userId, userId),
          ),
        )
        .where(
          and(
            eq(conversations.kind, 'event_group'),
            sql`${conversations.eventId} = any(${uuidArray(eventIds)})`,
          ),
        )
        .then((rows) => rows.map((r) => r.c));
    },

    async groupOf(tx: DbOrTx, eventId: string): Promise<ConversationRow | undefined> {
      const [row] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.kind, 'event_group'), eq(conversations.eventId, eventId)));
      return row;
    },

    // Adds (or brings back) a member; their earlier left_at is cleared.
    async join(tx: DbOrTx, conversationId: string, userId: string, at: Date): Promise<void> {
      await tx
        .insert(conversationMembers)
        .values({ conversationId, userId, joinedAt: at, lastReadAt: at })
        .onConflictDoUpdate({
          target: [conversationMembers.conversationId, conversationMembers.userId],
          set: { leftAt: null, removedBy: null },
        });
    },

    async leave(
      tx: DbOrTx,
      conversationId: string,
      userId: string,
      at: Date,
      removedBy: string | null,
    ): Promise<ConversationMemberRow | undefined> {
      const [row] = await tx
        .update(conversationMembers)
        .set({ leftAt: at, removedBy })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.userId, userId),
            isNull(conversationMembers.leftAt),
          ),
        )
        .returning();
      return row;
    },

    async member(
      tx: DbOrTx,
      conversationId: string,
      userId: string,
    ): Promise<ConversationMemberRow | undefined> {
      const [row] = await tx
        .select()
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        );
      return row;
    },

    // The member row and its conversation in one statement (every subscriber's re-check runs this).
    async membership(
      tx: DbOrTx,
      conversationId: string,
      userId: string,
    ): Promise<{ member: ConversationMemberRow; conversation: ConversationRow } | undefined> {
      const [row] = await tx
        .select({ member: conversationMembers, conversation: conversations })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        );
      return row;
    },

    // Several users' membership rows of one conversation, with it (batched subscriber re-checks).
    async memberships(conversationId: string, userIds: readonly string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ member: conversationMembers, conversation: conversations })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            sql`${conversationMembers.userId} = any(${uuidArray(userIds)})`,
          ),
        );
    },

    async membersOf(conversationIds: readonly string[]): Promise<ConversationMemberRow[]> {
      if (conversationIds.length === 0) return [];
      return db
        .select()
        .from(conversationMembers)
        .where(sql`${conversationMembers.conversationId} = any(${uuidArray(conversationIds)})`)
        .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.userId));
    },

    // The user's conversations, most recent activity first.
    async inbox(userId: string, page: { limit: number; after: After }) {
      const activity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
      const after = page.after
        ? sql`and (${activity} < ${new Date(page.after.c)} or (${activity} = ${new Date(page.after.c)} and ${conversations.id} < ${page.after.id}::uuid))`
        : sql``;
      const rows = await db.execute<{ id: string; activity: Date | string }>(sql`
        select ${conversations.id} as id, ${activity} as activity
        from ${conversations}
        join ${conversationMembers} on ${conversationMembers.conversationId} = ${conversations.id}
          and ${conversationMembers.userId} = ${userId}::uuid
        where true ${after}
        order by ${activity} desc, ${conversations.id} desc
        limit ${page.limit}`);
      return rows.rows.map((r) => ({ id: r.id, activity: new Date(r.activity) }));
    },

    async append(
      tx: DbOrTx,
      values: { conversationId: string; senderId: string; body: string; held: boolean },
    ): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values(values).returning();
      await tx
        .update(conversations)
        .set({ lastMessageAt: row.createdAt })
        .where(eq(conversations.id, values.conversationId));
      return row;
    },

    async messageById(tx: DbOrTx, id: string): Promise<MessageRow | undefined> {
      const [row] = await tx.select().from(messages).where(eq(messages.id, id));
      return row;
    },

    async updateMessage(
      tx: DbOrTx,
      id: string,
      values: Partial<MessageRow>,
    ): Promise<MessageRow | undefined> {
      const [row] = await tx.update(messages).set(values).where(eq(messages.id, id)).returning();
      return row;
    },

    // Newest first, what the member may see, keyset on (created_at, id).
    async page(member: ConversationMemberRow, page: { limit: number; before: After }): Promise<MessageRow[]> {
      const before = page.before
        ? sql`(${messages.createdAt} < ${new Date(page.before.c)} or (${messages.createdAt} = ${new Date(page.before.c)} and ${messages.id} < ${page.before.id}::uuid))`
        : sql`true`;
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, member.conversationId), visibleTo(member), before))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(page.limit);
    },

    async allOf(member: ConversationMemberRow): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, member.conversationId), visibleTo(member)))
        .orderBy(asc(messages.createdAt), asc(messages.id));
    },

    async pinned(member: ConversationMemberRow): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, member.conversationId),
            visibleTo(member),
            sql`${messages.pinnedAt} is not null`,
            isNull(messages.removedAt),
          ),
        )
        .orderBy(desc(messages.pinnedAt));
    },

    // The newest message each of the user's conversations shows them.
    async lastMessages(userId: string, conversationIds: readonly string[]): Promise<MessageRow[]> {
      if (conversationIds.length === 0) return [];
      const rows = await db.execute<{ id: string }>(sql`
        select m.id from unnest(${uuidArray(conversationIds)}) as c(id)
        join conversation_members cm on cm.conversation_id = c.id and cm.user_id = ${userId}::uuid
        cross join lateral (
          select m.id from messages m
          where m.conversation_id = c.id and (cm.left_at is null or m.created_at <= cm.left_at)
          order by m.created_at desc, m.id desc limit 1
        ) m`);
      if (rows.rows.length === 0) return [];
      return db
        .select()
        .from(messages)
        .where(sql`${messages.id} = any(${uuidArray(rows.rows.map((r) => r.id))})`);
    },

    // Unread messages from others, per conversation (only those given) or in all of them.
    async unreadCounts(userId: string, conversationIds?: readonly string[]): Promise<Map<string, number>> {
      const only = conversationIds ? sql`and cm.conversation_id = any(${uuidArray(conversationIds)})` : sql``;
      const rows = await db.execute<{ id: string; n: number }>(sql`
        select cm.conversation_id as id, count(m.id)::int as n
        from conversation_members cm
        join messages m on m.conversation_id = cm.conversation_id
          and m.sender_id <> cm.user_id
          and m.removed_at is null
          and (cm.last_read_at is null or m.created_at > cm.last_read_at)
          and (cm.left_at is null or m.created_at <= cm.left_at)
        where cm.user_id = ${userId}::uuid ${only}
        group by cm.conversation_id`);
      return new Map(rows.rows.map((r) => [r.id, r.n]));
    },

    async markRead(tx: DbOrTx, conversationId: string, userId: string, at: Date): Promise<void> {
      await tx
        .update(conversationMembers)
        .set({ lastReadAt: sql`greatest(coalesce(${conversationMembers.lastReadAt}, ${at}), ${at})` })
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        );
    },

    async reveal(tx: DbOrTx, messageId: string, userId: string): Promise<void> {
      await tx.insert(messageReveals).values({ messageId, userId }).onConflictDoNothing();
    },

    async revealedTo(userId: string, messageIds: readonly string[]): Promise<Set<string>> {
      if (messageIds.length === 0) return new Set();
      const rows = await db
        .select({ id: messageReveals.messageId })
        .from(messageReveals)
        .where(
          and(
            eq(messageReveals.userId, userId),
            sql`${messageReveals.messageId} = any(${uuidArray(messageIds)})`,
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    async setEmailed(tx: DbOrTx, conversationId: string, userId: string, at: Date): Promise<void> {
      await tx
        .update(conversationMembers)
        .set({ lastEmailedAt: at })
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        );
    },

    async lockMember(tx: DbOrTx, conversationId: string, userId: string) {
      const [row] = await tx
        .select()
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        )
        .for('update');
      return row;
    },

    // Unread messages of a member, oldest first (the e-mail's previews).
    async unreadOf(member: ConversationMemberRow, limit: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, member.conversationId),
            sql`${messages.senderId} <> ${member.userId}`,
            isNull(messages.removedAt),
            member.lastReadAt ? sql`${messages.createdAt} > ${member.lastReadAt}` : sql`true`,
            visibleTo(member),
          ),
        )
        .orderBy(asc(messages.createdAt))
        .limit(limit);
    },

    // Whether a user has ever asked to join (any state): the host may only write to such users.
    async hasAnyRequest(eventId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(joinRequests)
        .where(and(eq(joinRequests.eventId, eventId), eq(joinRequests.userId, userId)));
      return (row?.n ?? 0) > 0;
    },
  };
}
