import type { Deps } from '#server/context/deps.ts';
import { isUuid } from '#server/lib/ids.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import { wantsEmail } from '#server/modules/users/users.mappers.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { unreadMessagesMail } from './messages.mails.ts';

// At most one e-mail per conversation and member an hour; only for someone away this long.
export const DIGEST_EVERY_MS = 3600_000;
export const AWAY_MS = 10 * 60_000;

export type DigestOutcome = 'sent' | 'off' | 'gone' | 'read' | 'around' | 'later';

// The e-mail about unread messages (ADR 042), run by the job the message queued: idempotent (the
// member row's last_emailed_at is claimed under a lock before sending), and a member who read in the
// meantime, is around, or turned the e-mails off gets none.
export function createMessageDigestService(
  deps: Deps,
  options: { users: UsersService; events: EventsService },
) {
  const repo = createMessagesRepository(deps.db);

  return {
    async sendDigest(conversationId: string, userId: string): Promise<DigestOutcome> {
      if (!isUuid(conversationId) || !isUuid(userId)) return 'gone';
      const now = deps.clock.now();
      const [user] = await options.users.byIds([userId]);
      if (!user || !wantsEmail(user, 'emailMessages')) return 'off';
      if (user.lastSeenAt && now.getTime() - user.lastSeenAt.getTime() < AWAY_MS) return 'around';
      const member = await repo.member(deps.db, conversationId, userId);
      const conversation = await repo.byId(deps.db, conversationId);
      if (!member || member.leftAt || !conversation) return 'gone';
      const unread = await repo.unreadOf(member, 5);
      if (unread.length === 0) return 'read';
      if (member.lastEmailedAt && now.getTime() - member.lastEmailedAt.getTime() < DIGEST_EVERY_MS) {
        // Too soon after the last one: try again when the hour is up.
        const wait = Math.ceil((member.lastEmailedAt.getTime() + DIGEST_EVERY_MS - now.getTime()) / 1000);
        await deps.jobs.send('messages.digest', { conversationId, userId }, { startAfterSeconds: wait });
        return 'later';
      }
      const claimed = await inTransaction(deps.db, deps.logger, async (tx) => {
        const locked = await repo.lockMember(tx, conversationId, userId);
        if (
          !locked ||
          (locked.lastEmailedAt && now.getTime() - locked.lastEmailedAt.getTime() < DIGEST_EVERY_MS)
        )
          return false;
        await repo.setEmailed(tx, conversationId, userId, now);
        return true;
      });
      if (!claimed) return 'later';
      const counts = await repo.unreadCounts(userId, [conversationId]);
      const senders = new Map(
        (await options.users.byIds([...new Set(unread.map((m) => m.senderId))])).map((u) => [
          u.id,
          u.displayName,
        ]),
      );
      const locale = user.locale === 'en' ? 'en' : 'tr';
      const others = (await repo.membersOf([conversationId])).filter((m) => m.userId !== userId);
      const [event] = conversation.eventId ? await options.events.byIds([conversation.eventId]) : [];
      const title =
        conversation.kind === 'event_group' && event
          ? event.title
          : (senders.get(others[0]?.userId ?? '') ?? (locale === 'en' ? 'Squad chat' : 'Squad sohbeti'));
      await deps.mailer.send(
        unreadMessagesMail(user.email, {
          locale,
          conversation: title,
          count: counts.get(conversationId) ?? unread.length,
          previews: unread.map((m) => ({
            sender: senders.get(m.senderId) ?? 'Squad',
            text: m.held ? '…' : m.body.slice(0, 140),
          })),
          link: `${deps.config.publicUrl}/dashboard/inbox/${conversationId}`,
          settingsLink: `${deps.config.publicUrl}/dashboard/settings`,
        }),
      );
      deps.logger.info({ conversationId, userId }, 'unread messages e-mail sent');
      return 'sent';
    },
  };
}
