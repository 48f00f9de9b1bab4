import { z } from 'zod';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { t } from '#server/lib/i18n.ts';
import { mailDateTime } from '#server/lib/i18n.mail.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { PushService } from '#server/modules/push/push.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { createSafetyKitRepository } from './safety-kit.repository.ts';
import { checkAlertMail, mapLinkOf, positionMail } from './safety-kit.mails.ts';
import type { SafetyPlansService } from './safety-plans.service.ts';
import { ALERT_AFTER, ASK_BEFORE, positionAllowed } from './safety-plans.rules.ts';

const BATCH = 200;
const positionSchema = z.object({
  eventId: z.string(),
  latitude: z.number().min(-90, 'safety.positionInvalid').max(90, 'safety.positionInvalid'),
  longitude: z.number().min(-180, 'safety.positionInvalid').max(180, 'safety.positionInvalid'),
});

// The 'Evdeyim' check's sweep and 'Konumumu paylaş' (issue 30 points 3 and 4, ADR 068). The sweep runs
// every minute on the job queue; the question and the alert are each claimed by one conditional
// update before anything is sent, so any number of replicas sweeping together send them once.
export function createSafetyCheckService(
  deps: Deps,
  options: {
    plans: SafetyPlansService;
    users: UsersService;
    events: EventsService;
    notifications: NotificationsService;
    push: PushService;
  },
) {
  const repo = createSafetyKitRepository(deps.db);

  // 'Eve vardın mı?' in the app and as a push, 15 minutes before the expected time.
  async function ask(planId: string, eventId: string, now: Date): Promise<boolean> {
    const until = new Date(now.getTime() + ASK_BEFORE);
    // Read before the transaction: a transaction holds its one connection (the embedded database has
    // only one).
    const [event] = await options.events.byIds([eventId]);
    const claimed = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      const plan = await repo.claimAsk(tx, planId, now, until);
      if (!plan || !event) return null;
      const time = toTurkeyDateTime(plan.expectedHomeAt).time;
      await options.notifications.notify(tx, afterCommit, [
        {
          userId: plan.userId,
          type: 'safety_check',
          eventId: plan.eventId,
          data: { title: event.title, time },
        },
      ]);
      return { plan, event };
    });
    if (!claimed) return false;
    const [user] = await options.users.byIds([claimed.plan.userId]);
    const locale = user?.locale === 'en' ? 'en' : 'tr';
    await options.push
      .sendToUser(claimed.plan.userId, {
        title: t(locale, 'push.safetyCheckTitle'),
        body: t(locale, 'push.safetyCheckBody', { title: claimed.event.title }),
        url: `/dashboard/eventDetails/${claimed.plan.eventId}`,
        tag: `safety-check:${claimed.plan.id}`,
      })
      .catch((err) => deps.logger.warn({ err, planId: claimed.plan.id }, 'safety check push failed'));
    return true;
  }

  // 30 minutes after the expected time without an answer: the contacts get the last information the
  // user shared. A crash after the claim loses the mails rather than sending them twice.
  async function alert(planId: string, now: Date): Promise<boolean> {
    const plan = await repo.claimAlert(planId, now, new Date(now.getTime() - ALERT_AFTER));
    if (!plan) return false;
    const facts = await options.plans.factsOf(plan);
    const position =
      plan.lastLat !== null && plan.lastLng !== null && plan.lastPositionAt
        ? { at: mailDateTime(facts.locale, plan.lastPositionAt), link: mapLinkOf(plan.lastLat, plan.lastLng) }
        : null;
    const sent = await options.plans.mailContacts(plan, (to) => checkAlertMail(to, { ...facts, position }));
    deps.logger.info({ planId: plan.id, contacts: sent }, 'safety check alerted the contacts');
    return true;
  }

  return {
    // The job's sweep: questions and alerts that are due and not yet claimed; expired plans' shared
    // data. Returns what this call did.
    async sweep(): Promise<{ asked: number; alerted: number }> {
      const now = deps.clock.now();
      let asked = 0;
      let alerted = 0;
      for (const { id } of await repo.dueToAlert(new Date(now.getTime() - ALERT_AFTER), BATCH))
        if (await alert(id, now)) alerted++;
      for (const { id, eventId } of await repo.dueToAsk(new Date(now.getTime() + ASK_BEFORE), BATCH))
        if (await ask(id, eventId, now)) asked++;
      await repo.sweepExpired(now);
      return { asked, alerted };
    },

    // 'Konumumu paylaş': the position the browser gave on this tap, once, to the confirmed contacts
    // (the plan's, or all of them without a plan). Kept only on the plan, for its page and alert.
    async sharePosition(viewer: Viewer, input: unknown): Promise<{ sentTo: number; sharedAt: Date }> {
      const v = parseInput(positionSchema, input);
      const [event] = isUuid(v.eventId) ? await options.events.byIds([v.eventId]) : [];
      if (!event) throw notFound('error.eventNotFound');
      const relation = (await options.events.relationsOf(viewer, [event.id])).get(event.id);
      if (!isHost(viewer, event) && relation !== 'participant') throw notFound('error.eventNotFound');
      const now = deps.clock.now();
      if (event.mode !== 'physical' || event.cancelledAt || !positionAllowed(event, now))
        throw new AppError(ErrorCode.CONFLICT, 'safety.positionNotNow');
      const plan = await repo.planOf(viewer.id, event.id);
      const contacts = plan ? await repo.planContacts(plan.id) : await repo.confirmedContacts(viewer.id);
      if (contacts.length === 0) throw new AppError(ErrorCode.CONFLICT, 'safety.positionNoContacts');
      const limit = await deps.limiter.hit(`share-position:${viewer.id}`, 1, 60);
      if (!limit.allowed) throw new AppError(ErrorCode.RATE_LIMITED, 'safety.positionTooOften');
      if (plan)
        await repo.recordPosition(viewer.id, event.id, { lat: v.latitude, lng: v.longitude, at: now });
      const [user] = await options.users.byIds([viewer.id]);
      const locale = user?.locale === 'en' ? 'en' : 'tr';
      const mail = {
        locale,
        name: user?.displayName ?? '',
        title: event.title,
        at: mailDateTime(locale, now),
        mapLink: mapLinkOf(v.latitude, v.longitude),
      } as const;
      const results = await Promise.allSettled(
        contacts.map((c) => deps.mailer.send(positionMail(c.email, mail))),
      );
      const sentTo = results.filter((r) => r.status === 'fulfilled').length;
      // Ids only: never the position itself.
      deps.logger.info(
        { userId: viewer.id, eventId: event.id, sentTo },
        'position shared with trusted contacts',
      );
      return { sentTo, sharedAt: now };
    },
  };
}
