import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import type { SavedPaymentMethod } from '#db/schema/index.ts';

// What a deleted account leaves behind for after the commit: stored files to remove and a saved
// payment method to detach at its provider.
export type ErasureLeftovers = {
  storageKeys: string[];
  avatarKeys: string[];
  paymentMethod: SavedPaymentMethod | null;
};

// The right to erasure (ADR 054): every trace of a user in every table, in the deletion's
// transaction. A cross-cutting sweep on purpose: one list to read and to test against the schema
// (the integration test scans every text and json column), instead of a hook per module.
// Rows others need stay, without anything that names the user: messages in shared conversations
// (text replaced, shown as removed), past events they hosted, ratings others gave them, the ledger.
export function createErasureRepository(db: DbOrTx) {
  return {
    async erase(
      userId: string,
      who: { sub: string; email: string | null; names: (string | null)[] },
    ): Promise<ErasureLeftovers> {
      // A random stand-in for the id where a text must stay unique (ledger idempotency keys).
      const alias = `deleted-${crypto.randomUUID()}`;
      const { rows: me } = await db.execute<{ payment_method: SavedPaymentMethod | null }>(
        sql`select payment_method from users where id = ${userId}`,
      );
      const { rows: files } = await db.execute<{ id: string; object_key: string }>(
        sql`delete from uploads where user_id = ${userId} returning id, object_key`,
      );
      await db.execute(sql`
        update messages set body = '-', removed_at = coalesce(removed_at, now()), held = false, pinned_at = null
         where sender_id = ${userId}`);
      await db.execute(sql`delete from message_reveals where user_id = ${userId}`);
      // Direct conversations are found by "<id>:<id>"; the other side keeps the (now anonymous) thread.
      await db.execute(sql`
        update conversations set direct_key = 'deleted:' || id::text
         where kind = 'direct' and strpos(direct_key, ${userId}) > 0`);
      await db.execute(sql`
        update conversation_members set left_at = coalesce(left_at, now()), last_emailed_at = null
         where user_id = ${userId}`);
      await db.execute(sql`
        delete from friendships where user_low = ${userId} or user_high = ${userId} or requested_by = ${userId}`);
      await db.execute(sql`delete from blocks where blocker_id = ${userId} or blocked_id = ${userId}`);
      await db.execute(sql`delete from push_subscriptions where user_id = ${userId}`);
      await db.execute(sql`delete from reminders_sent where user_id = ${userId}`);
      await db.execute(sql`delete from event_views where viewer_id = ${userId}`);
      await db.execute(sql`delete from event_saves where user_id = ${userId}`);
      await db.execute(sql`update event_shares set user_id = null where user_id = ${userId}`);
      await db.execute(sql`delete from user_badges where user_id = ${userId}`);
      await db.execute(sql`update join_requests set message = null where user_id = ${userId}`);
      await db.execute(sql`update ratings set feedback = null where rater_id = ${userId}`);
      await db.execute(sql`update reports set message = null where reporter_id = ${userId}`);
      await db.execute(sql`delete from content_flags where author_id = ${userId}`);
      await db.execute(sql`delete from moderation_appeals where user_id = ${userId}`);
      // The audit log keeps what was done and why (ADR 039), not the removed words of the user.
      await db.execute(sql`
        update moderation_actions set details = details - 'text'
         where target_user_id = ${userId} and details ? 'text'`);
      await db.execute(sql`delete from notifications where user_id = ${userId}`);
      // Others' notifications about the user: the message preview and the name go, the row stays.
      await db.execute(sql`
        update notifications set data = data - 'preview' - 'name' - 'referredUserId'
         where actor_id = ${userId} or data ->> 'referredUserId' = ${userId}::text`);
      // The ledger stays for accounting, with no key or detail that names the user.
      await db.execute(sql`
        update token_ledger set idempotency_key = replace(idempotency_key, ${userId}::text, ${alias})
         where strpos(idempotency_key, ${userId}::text) > 0`);
      await db.execute(sql`
        update token_ledger set detail = detail - 'referredUserId' - 'name'
         where detail ->> 'referredUserId' = ${userId}::text`);
      await db.execute(sql`update users set referred_by = null where referred_by = ${userId}`);
      // The built-in provider's sign-in account, its sessions (refresh tokens), codes (cascade).
      await db.execute(sql`delete from idp_accounts where sub::text = ${who.sub}`);
      // The embedded outbox (/dev/mailbox): mails to the user, and mails to others that name them.
      const names = who.names.filter((n): n is string => !!n && n.length >= 3);
      if (who.email) await db.execute(sql`delete from mail_outbox where lower("to") = lower(${who.email})`);
      for (const name of names)
        await db.execute(
          sql`delete from mail_outbox where strpos(text, ${name}) > 0 or strpos(html, ${name}) > 0`,
        );
      // Queued jobs about the user (digests, refills): their handlers would find nobody.
      const { rows: boss } = await db.execute<{ present: boolean }>(
        sql`select to_regclass('pgboss.job') is not null as present`,
      );
      if (boss[0]?.present)
        await db.execute(sql`
          delete from pgboss.job
           where strpos(data::text, ${userId}::text) > 0 or strpos(coalesce(singleton_key, ''), ${userId}::text) > 0`);
      return {
        storageKeys: files.map((f) => f.object_key),
        avatarKeys: files.map((f) => `avatars/${userId}/${f.id}`),
        paymentMethod: me[0]?.payment_method ?? null,
      };
    },
  };
}
