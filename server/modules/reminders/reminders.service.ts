import type { Deps } from '#server/context/deps.ts';
import { seesExactPlace } from '#server/auth/access.ts';
import { t } from '#server/lib/i18n.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import { placeOf } from '#server/modules/events/events.mails.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { PushService } from '#server/modules/push/push.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { channelsOf } from '#server/modules/users/users.mappers.ts';
import { createRemindersRepository, type ReminderKind, type ReminderTarget } from './reminders.repository.ts';
import { reminderMail } from './reminders.mails.ts';

const HOUR = 3_600_000;
const BATCH = 500;
// The two reminders (ADR 046): "tomorrow" while 2 to 24 hours are left (an event created later than
// that gets only the second), and "in an hour" during the last hour.
const WINDOWS: Record<ReminderKind, { from: number; to: number }> = {
  '24h': { from: 2 * HOUR, to: 24 * HOUR },
  '1h': { from: 0, to: HOUR },
};

// Reminders before an event, in-app, by e-mail and by web push, each as the person chose. A reminder
// is claimed (reminders_sent) in the transaction that stores its notification, before anything is
// sent: any number of replicas sweeping together send it once.
export function createRemindersService(
  deps: Deps,
  options: {
    events: EventsService;
    users: UsersService;
    notifications: NotificationsService;
    push: PushService;
  },
) {
  const repo = createRemindersRepository(deps.db);

  async function remind(kind: ReminderKind, target: ReminderTarget): Promise<boolean> {
    const [event] = await options.events.byIds([target.eventId]);
    const [user] = await options.users.byIds([target.userId]);
    if (!event || !user || event.cancelledAt) return false;
    const now = deps.clock.now();
    const start = toTurkeyDateTime(event.startsAt);
    const when =
      kind === '1h' ? 'inOneHour' : start.date === toTurkeyDateTime(now).date ? 'today' : 'tomorrow';
    // The exact place only in the last hour's reminder, only to the host and accepted participants.
    const role = target.role === 'waitlist' ? 'requester' : target.role;
    const place = placeOf(event, kind === '1h' && seesExactPlace(role));
    const want = channelsOf(user, 'reminders');
    const claimed = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      if (!(await repo.claim(tx, event.id, user.id, kind))) return false;
      if (want.inApp)
        await options.notifications.notify(tx, afterCommit, [
          {
            userId: user.id,
            type: 'event_reminder',
            eventId: event.id,
            data: { title: event.title, when, time: start.time, place, kind },
          },
        ]);
      return true;
    });
    if (!claimed) return false;
    const locale = user.locale === 'en' ? 'en' : 'tr';
    const whenText = t(locale, `reminder.${when}`);
    const path = `/dashboard/eventDetails/${event.id}`;
    // After the claim committed: at most once. A crash right here loses this reminder's e-mail and
    // push (never sends them twice); the in-app one is already stored.
    const sends: Promise<unknown>[] = [];
    if (want.push)
      sends.push(
        options.push.sendToUser(user.id, {
          title: t(locale, 'push.reminderTitle', { when: whenText, title: event.title }),
          body: t(locale, 'push.reminderBody', { time: start.time, place }),
          url: path,
          tag: `reminder:${event.id}:${kind}`,
        }),
      );
    if (want.email)
      sends.push(
        deps.mailer.send(
          reminderMail(want.email, {
            locale,
            title: event.title,
            when: whenText,
            time: start.time,
            place,
            link: `${deps.config.publicUrl}${path}`,
          }),
        ),
      );
    for (const r of await Promise.allSettled(sends))
      if (r.status === 'rejected')
        deps.logger.warn({ err: r.reason, eventId: event.id }, 'reminder send failed');
    return true;
  }

  return {
    // The job's sweep (every minute): every reminder that is due and not yet claimed. Returns how
    // many this call sent.
    async sweep(): Promise<number> {
      const now = deps.clock.now();
      let sent = 0;
      for (const kind of ['1h', '24h'] as const) {
        const w = WINDOWS[kind];
        const targets = await repo.due(
          kind,
          new Date(now.getTime() + w.from),
          new Date(now.getTime() + w.to),
          BATCH,
        );
        for (const target of targets) if (await remind(kind, target)) sent++;
      }
      return sent;
    },
  };
}
