import { mailLocale } from '#server/lib/i18n.mail.ts';
import type { Tx } from '#db/client.ts';
import type { EventRow, JoinRequestRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { t } from '#server/lib/i18n.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import type { BadgesService } from '#server/modules/badges/badges.service.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { PushService } from '#server/modules/push/push.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { channelsOf, wantsEmail } from '#server/modules/users/users.mappers.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createJoinRequestsRepository } from './join-requests.repository.ts';
import { createLifecycleRepository } from './join-requests-lifecycle.repository.ts';
import { decisionMail } from './join-requests.mails.ts';
import { offerMail } from './join-requests-lifecycle.mails.ts';

// Told in the transaction when someone becomes a participant or stops being one (group chats).
export type ParticipationHook = (
  tx: Tx,
  afterCommit: AfterCommit,
  event: EventRow,
  userId: string,
) => Promise<void>;

const MINUTE = 60_000;
// An offer's deadline (ADR 045): two hours, or half the time left before the start when that is
// shorter, but never under 15 minutes (an event about to start still gets someone a real chance).
export const OFFER_MAX_MS = 120 * MINUTE;
export const OFFER_MIN_MS = 15 * MINUTE;
export function offerWindowMs(startsAt: Date, now: Date): number {
  const half = (startsAt.getTime() - now.getTime()) / 2;
  return Math.round(Math.min(OFFER_MAX_MS, Math.max(OFFER_MIN_MS, half)));
}

// Who takes a place, who waits, who is offered one: every path that changes an event's participants
// (a host's decision, an automatic approval, an accepted offer, leaving) goes through here, inside
// the caller's transaction with the event row locked (ADR 045).
export function createAdmissionService(
  deps: Deps,
  options: {
    events: EventsService;
    users: UsersService;
    notifications: NotificationsService;
    badges: BadgesService;
    push: PushService;
  },
) {
  const repo = createJoinRequestsRepository(deps.db);
  const lifecycle = createLifecycleRepository(deps.db);
  const { notifications } = options;
  const joinedHooks: ParticipationHook[] = [];
  const leftHooks: ParticipationHook[] = [];
  const eventPath = (eventId: string) => `/dashboard/eventDetails/${eventId}`;
  const link = (eventId: string) => `${deps.config.publicUrl}${eventPath(eventId)}`;

  async function userRow(userId: string) {
    const [row] = await options.users.byIds([userId]);
    return row;
  }

  // After commit, and never undoing the write: a failed e-mail or push is logged.
  function courtesy(afterCommit: AfterCommit, what: string, task: () => Promise<unknown>) {
    afterCommit(async () => {
      try {
        await task();
      } catch (err) {
        deps.logger.warn({ err }, `${what} failed`);
      }
    });
  }

  const changed = (afterCommit: AfterCommit, eventId: string) =>
    afterCommit(() => deps.pubsub.publish(channels.event(eventId), { eventId, kind: 'participants' }));

  // Places nobody holds: capacity, minus participants, minus offers still open.
  async function freePlaces(tx: Tx, event: EventRow): Promise<number> {
    const offers = await lifecycle.openOffers(tx, event.id, deps.clock.now());
    return event.maxParticipants - event.participantCount - offers;
  }

  // The first in line gets each free place, with a deadline, by notification, e-mail and push
  // (each as the user chose). Called whenever a place may have freed; does nothing when none did.
  async function offerNext(tx: Tx, afterCommit: AfterCommit, event: EventRow): Promise<JoinRequestRow[]> {
    const now = deps.clock.now();
    if (event.cancelledAt || event.endsAt <= now) return [];
    const offered: JoinRequestRow[] = [];
    for (let free = await freePlaces(tx, event); free > 0; free--) {
      const next = await lifecycle.firstWaitlisted(tx, event.id);
      if (!next) break;
      const expiresAt = new Date(now.getTime() + offerWindowMs(event.startsAt, now));
      const row = await repo.setStatus(tx, next.id, { status: 'offered', offerExpiresAt: expiresAt });
      offered.push(row);
      const deadline = toTurkeyDateTime(expiresAt).time;
      const user = await lifecycle.user(tx, next.userId);
      if (!user) continue;
      const want = channelsOf(user, 'waitlist');
      if (want.inApp)
        await notifications.notify(tx, afterCommit, [
          {
            userId: next.userId,
            type: 'waitlist_offer',
            eventId: event.id,
            joinRequestId: next.id,
            data: { title: event.title, deadline, expiresAt: expiresAt.toISOString() },
          },
        ]);
      const locale = user.locale === 'en' ? 'en' : 'tr';
      if (want.push)
        courtesy(afterCommit, 'waitlist push', () =>
          options.push.sendToUser(next.userId, {
            title: t(locale, 'push.offerTitle'),
            body: t(locale, 'push.offerBody', { title: event.title, deadline }),
            url: eventPath(event.id),
            tag: `offer:${next.id}`,
          }),
        );
      if (want.email)
        courtesy(afterCommit, 'waitlist e-mail', () =>
          deps.mailer.send(
            offerMail(want.email!, { locale, title: event.title, deadline, link: link(event.id) }),
          ),
        );
      deps.logger.info({ joinRequestId: next.id, eventId: event.id, expiresAt }, 'waitlist offer made');
    }
    if (offered.length) changed(afterCommit, event.id);
    return offered;
  }

  return {
    freePlaces,
    offerNext,

    // Loads a request and its event for a decision, locking both (event first, always the same order).
    async lockForDecision(tx: Tx, requestId: string) {
      if (!isUuid(requestId)) return undefined;
      // Inside the transaction: a second connection here would wait forever on the embedded database.
      const [peek] = await repo.byIds([requestId], tx);
      if (!peek) return undefined;
      const event = await options.events.lockEvent(tx, peek.eventId);
      const request = await repo.lock(tx, requestId);
      if (!event || !request) return undefined;
      return { event, request };
    },

    // The request's user becomes a participant. The caller holds the event's lock and has checked
    // that a place is theirs (a free one, or the one offered to them).
    async admit(
      tx: Tx,
      afterCommit: AfterCommit,
      event: EventRow,
      request: JoinRequestRow,
      by: { userId: string | null; auto: boolean },
    ) {
      const now = deps.clock.now();
      await repo.addParticipant(tx, event.id, request.userId, request.id);
      const updated = await repo.changeParticipantCount(tx, event.id, 1);
      for (const hook of joinedHooks) await hook(tx, afterCommit, event, request.userId);
      const joinRequest = await repo.setStatus(tx, request.id, {
        status: 'accepted',
        decidedAt: request.status === 'pending' ? now : (request.decidedAt ?? now),
        decidedBy: request.status === 'pending' ? by.userId : request.decidedBy,
        autoApproved: request.autoApproved || by.auto,
        offerExpiresAt: null,
      });
      await notifications.notify(tx, afterCommit, [
        {
          userId: request.userId,
          type: 'join_request_accepted',
          eventId: event.id,
          actorId: event.hostId,
          joinRequestId: request.id,
          data: { title: event.title },
        },
      ]);
      // Joining can earn the requester badges (first event, ten events, night owl …).
      await options.badges.evaluate(tx, afterCommit, request.userId);
      changed(afterCommit, event.id);
      courtesy(afterCommit, 'decision e-mail', async () => {
        const requester = await userRow(request.userId);
        if (requester && wantsEmail(requester, 'emailDecisions'))
          await deps.mailer.send(
            decisionMail(requester.email, {
              locale: mailLocale(requester.locale),
              title: event.title,
              accepted: true,
              link: link(event.id),
              // A private home: the guest gets short safety tips with the news (ADR 069).
              homeTips: event.venueType === 'private_home',
            }),
          );
      });
      return { joinRequest, event: updated };
    },

    // Approved while the event is full: in line for the next free place.
    async waitlist(
      tx: Tx,
      afterCommit: AfterCommit,
      event: EventRow,
      request: JoinRequestRow,
      by: { userId: string | null; auto: boolean },
    ) {
      const now = deps.clock.now();
      const joinRequest = await repo.setStatus(tx, request.id, {
        status: 'waitlisted',
        waitlist: true,
        waitlistedAt: now,
        decidedAt: now,
        decidedBy: by.userId,
        autoApproved: by.auto,
      });
      await notifications.notify(tx, afterCommit, [
        {
          userId: request.userId,
          type: 'join_request_accepted',
          eventId: event.id,
          actorId: event.hostId,
          joinRequestId: request.id,
          data: { title: event.title, waitlisted: true },
        },
      ]);
      changed(afterCommit, event.id);
      // A place may be free already (a participant left before anyone was waiting).
      await offerNext(tx, afterCommit, event);
      return { joinRequest, event };
    },

    // A participant's place frees (leaving, a deleted account): the next in line is offered it.
    async release(tx: Tx, afterCommit: AfterCommit, event: EventRow, userId: string) {
      if (!(await repo.removeParticipant(tx, event.id, userId))) return undefined;
      const updated = await repo.changeParticipantCount(tx, event.id, -1);
      for (const hook of leftHooks) await hook(tx, afterCommit, event, userId);
      await offerNext(tx, afterCommit, updated);
      return updated;
    },

    onJoined(hook: ParticipationHook) {
      joinedHooks.push(hook);
    },
    onLeft(hook: ParticipationHook) {
      leftHooks.push(hook);
    },
  };
}

export type AdmissionService = ReturnType<typeof createAdmissionService>;
