import { mailLocale } from '#server/lib/i18n.mail.ts';
import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { EventRow, JoinRequestRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost, requireHost, requireOwner } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { MessageKey } from '#server/lib/i18n.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import { eventStatus } from '#server/modules/events/events.mappers.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import type { TrustSafeguards } from '#server/modules/trust/trust-safeguards.service.ts';
import {
  AUTO_PAUSE_BLOCKS,
  AUTO_PAUSE_MS,
  AUTO_PAUSE_WINDOW_MS,
  JOIN_COOLDOWN_MS,
} from '#server/modules/trust/trust.validation.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { SafetyService } from '#server/modules/safety/safety.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { wantsEmail } from '#server/modules/users/users.mappers.ts';
import type { FriendsService } from '#server/modules/friends/friends.service.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createJoinRequestsRepository } from './join-requests.repository.ts';
import { createLifecycleRepository } from './join-requests-lifecycle.repository.ts';
import { decisionMail, newRequestMail } from './join-requests.mails.ts';
import type { AdmissionService, ParticipationHook } from './join-requests-admission.service.ts';
import { hasRules, safetyHolds, unmetRules, type RequestFacts } from './join-requests.rules.ts';
import { clearlyFine } from '#server/modules/moderation/moderation.ts';

export const JOIN_MESSAGE_MAX = 500;

const requestSchema = z.object({
  eventId: z.string(),
  message: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(JOIN_MESSAGE_MAX, 'validation.joinMessageTooLong').nullable()),
  // A full event: ask for the waitlist instead of being refused (ADR 045).
  waitlist: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

// Still waiting for something: the host's decision, or a place in the waitlist.
const WAITING = new Set<JoinRequestRow['status']>(['pending', 'waitlisted', 'offered']);

const conflict = (key: MessageKey) => new AppError(ErrorCode.CONFLICT, key);

export function createJoinRequestsService(
  deps: Deps,
  options: {
    events: EventsService;
    users: UsersService;
    notifications: NotificationsService;
    gate: TrustGate;
    safety: SafetyService;
    safeguards: TrustSafeguards;
    friends: FriendsService;
    admission: AdmissionService;
  },
) {
  const repo = createJoinRequestsRepository(deps.db);
  const lifecycle = createLifecycleRepository(deps.db);
  const { notifications, gate, admission } = options;
  const link = (eventId: string) => `${deps.config.publicUrl}/dashboard/eventDetails/${eventId}`;

  async function userRow(userId: string) {
    const [row] = await options.users.byIds([userId]);
    return row;
  }

  function mailAfterCommit(task: () => Promise<void>) {
    return async () => {
      try {
        await task();
      } catch (err) {
        deps.logger.warn({ err }, 'notification e-mail failed');
      }
    };
  }

  // A pause after repeated blocked messages, and the cool-down on an event after a blocked message.
  async function refuseWhileRestricted(viewer: Viewer, eventId: string, now: Date) {
    const me = await userRow(viewer.id);
    const paused = me?.joinRequestsPausedUntil;
    if (paused && paused > now) {
      const at = toTurkeyDateTime(paused);
      throw new AppError(ErrorCode.RATE_LIMITED, 'join.paused', {
        params: { until: `${at.date.split('-').reverse().join('.')} ${at.time}` },
        extra: { retryAt: paused.toISOString() },
      });
    }
    const lastBlocked = await repo.lastBlockedFor(viewer.id, eventId);
    if (lastBlocked && now.getTime() - lastBlocked.getTime() < JOIN_COOLDOWN_MS) {
      const retryAt = new Date(lastBlocked.getTime() + JOIN_COOLDOWN_MS);
      throw new AppError(ErrorCode.RATE_LIMITED, 'join.coolDown', {
        params: { minutes: Math.ceil((retryAt.getTime() - now.getTime()) / 60_000) },
        extra: { retryAt: retryAt.toISOString() },
      });
    }
  }

  // Whether the host's automatic rules accept this requester (ADR 045).
  // Never for what the content check is unsure of, nor for a brand-new account's first request to a
  // physical event (ADR 073).
  async function autoApproves(event: EventRow, userId: string, request: RequestFacts): Promise<boolean> {
    if (!hasRules(event.autoApproval)) return false;
    const [user, host] = await options.users
      .byIds([userId, event.hostId])
      .then((rows) => [rows.find((r) => r.id === userId), rows.find((r) => r.id === event.hostId)]);
    if (!user || !host) return false;
    const holds = safetyHolds(request, event, user);
    if (holds.length > 0) {
      deps.logger.info({ eventId: event.id, userId, holds }, 'auto-approval held for the host');
      return false;
    }
    const rules = event.autoApproval;
    const [ratings, reliability, friends] = await Promise.all([
      rules.minRating != null ? options.users.ratingSummaries([userId]) : undefined,
      rules.minReliability != null ? lifecycle.reliability([userId]) : undefined,
      rules.friendsOnly ? options.friends.areFriends(userId, event.hostId) : false,
    ]);
    const unmet = unmetRules(rules, {
      user,
      host,
      participantRating: ratings?.get(userId)?.participant.average ?? null,
      reliability: reliability?.get(userId) ?? { attended: 0, recorded: 0 },
      friends,
    });
    deps.logger.info({ eventId: event.id, userId, unmet }, 'auto-approval rules checked');
    return unmet.length === 0;
  }

  async function decide(viewer: Viewer, requestId: string, accept: boolean) {
    const now = deps.clock.now();
    const result = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      const found = await admission.lockForDecision(tx, requestId);
      // Requests of other hosts' events look like no request at all.
      const event = requireHost(viewer, found?.event, 'error.requestNotFound');
      const request = found!.request;
      if (request.status !== 'pending') throw conflict('join.notPending');
      if (event.cancelledAt || eventStatus(event, now) === 'completed') throw conflict('join.eventClosed');
      if (accept) {
        // The event row is locked: its count and the open offers are current, so capacity holds under
        // any concurrency. A full event takes a waitlist request into the line, refuses the others.
        if ((await admission.freePlaces(tx, event)) > 0)
          return admission.admit(tx, afterCommit, event, request, { userId: viewer.id, auto: false });
        if (!request.waitlist) throw conflict('join.full');
        return admission.waitlist(tx, afterCommit, event, request, { userId: viewer.id, auto: false });
      }
      const decided = await repo.setStatus(tx, request.id, {
        status: 'declined',
        decidedAt: now,
        decidedBy: viewer.id,
      });
      await notifications.notify(tx, afterCommit, [
        {
          userId: request.userId,
          type: 'join_request_declined',
          eventId: event.id,
          actorId: viewer.id,
          joinRequestId: request.id,
          data: { title: event.title },
        },
      ]);
      afterCommit(() =>
        deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'participants' }),
      );
      afterCommit(
        mailAfterCommit(async () => {
          const requester = await userRow(request.userId);
          if (requester && wantsEmail(requester, 'emailDecisions'))
            await deps.mailer.send(
              decisionMail(requester.email, {
                locale: mailLocale(requester.locale),
                title: event.title,
                accepted: false,
                link: link(event.id),
              }),
            );
        }),
      );
      return { joinRequest: decided, event };
    });
    deps.logger.info({ joinRequestId: requestId, accepted: accept }, 'join request decided');
    return result;
  }

  return {
    async requestToJoin(
      viewer: Viewer,
      input: unknown,
    ): Promise<{ joinRequest: JoinRequestRow; event: EventRow }> {
      const { eventId, message, waitlist } = parseInput(requestSchema, input);
      const now = deps.clock.now();
      const [event] = await options.events.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (await options.safety.blockedBetween(viewer.id, event.hostId)) throw notFound('error.eventNotFound');
      if (isHost(viewer, event)) throw conflict('join.ownEvent');
      if (event.cancelledAt || eventStatus(event, now) === 'completed') throw conflict('join.eventClosed');
      if (!waitlist && event.participantCount >= event.maxParticipants) throw conflict('join.full');

      await refuseWhileRestricted(viewer, event.id, now);

      const recent = await repo.recentMessages(viewer.id, new Date(now.getTime() - 24 * 3600_000));
      const check = await gate.check('join_message', message ?? '', {
        recentMessages: recent
          .filter((r) => r.text)
          .map((r) => ({ text: r.text!, eventId: r.eventId, createdAt: r.createdAt })),
      });

      const automatic =
        check.verdict === 'ok' &&
        (await autoApproves(event, viewer.id, {
          clearlyFine: clearlyFine(message ?? '', { now, recentMessages: [], kind: 'join_message' }),
          // The last 24 hours hold every request of an account younger than a day.
          firstRequest: recent.length === 0,
          now,
        }));

      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const locked = await options.events.lockEvent(tx, event.id);
        if (!locked || locked.cancelledAt) throw conflict('join.eventClosed');
        const full = (await admission.freePlaces(tx, locked)) <= 0;
        if (full && !waitlist) throw conflict('join.full');
        if (await repo.activeFor(tx, event.id, viewer.id)) throw conflict('join.duplicate');
        const blocked = check.verdict === 'block';
        const row = await repo.insert(tx, {
          eventId: event.id,
          userId: viewer.id,
          message,
          status: blocked ? 'declined' : 'pending',
          checkVerdict: check.verdict,
          checkReasons: check.reasons,
          checkEngine: check.engine,
          decidedAt: blocked ? now : null,
          waitlist: full,
        });
        if (!row) throw conflict('join.duplicate');
        await gate.record(
          tx,
          message ? { kind: 'join_message', authorId: viewer.id, text: message, result: check } : undefined,
          { subjectId: row.id, eventId: event.id },
        );
        if (blocked) {
          // Repeated blocked messages pause the user's join requests for a day (ADR 039).
          const blocks = await repo.blockedSince(
            tx,
            viewer.id,
            new Date(now.getTime() - AUTO_PAUSE_WINDOW_MS),
          );
          if (blocks >= AUTO_PAUSE_BLOCKS)
            await options.safeguards.pauseJoinRequests(
              tx,
              viewer.id,
              new Date(now.getTime() + AUTO_PAUSE_MS),
              blocks,
            );
        }
        // The host's rules accept (or put in line) at once; the host is not asked (ADR 045).
        if (!blocked && automatic) {
          const by = { userId: null, auto: true };
          const admitted = full
            ? await admission.waitlist(tx, afterCommit, locked, row, by)
            : await admission.admit(tx, afterCommit, locked, row, by);
          deps.logger.info({ joinRequestId: row.id, eventId: event.id }, 'join request approved by rules');
          return admitted;
        }
        if (!blocked) {
          await notifications.notify(tx, afterCommit, [
            {
              userId: locked.hostId,
              type: 'join_request_received',
              eventId: locked.id,
              actorId: viewer.id,
              joinRequestId: row.id,
              data: { title: locked.title, verdict: check.verdict },
            },
          ]);
          afterCommit(
            mailAfterCommit(async () => {
              const [host, requester] = await Promise.all([userRow(locked.hostId), userRow(viewer.id)]);
              if (host && wantsEmail(host, 'emailJoinRequests')) {
                await deps.mailer.send(
                  newRequestMail(host.email, {
                    locale: mailLocale(host.locale),
                    requester: requester?.displayName ?? null,
                    title: locked.title,
                    message,
                    link: link(locked.id),
                    warning: check.verdict === 'review',
                  }),
                );
              }
            }),
          );
        }
        deps.logger.info(
          { joinRequestId: row.id, eventId: event.id, verdict: check.verdict },
          'join request created',
        );
        return { joinRequest: row, event: locked };
      });
    },

    accept: (viewer: Viewer, requestId: string) => decide(viewer, requestId, true),
    decline: (viewer: Viewer, requestId: string) => decide(viewer, requestId, false),

    async withdraw(viewer: Viewer, requestId: string) {
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const found = await admission.lockForDecision(tx, requestId);
        requireOwner(viewer, found?.request, 'error.requestNotFound');
        if (!WAITING.has(found!.request.status)) throw conflict('join.notPending');
        const joinRequest = await repo.setStatus(tx, requestId, {
          status: 'withdrawn',
          decidedAt: deps.clock.now(),
          decidedBy: viewer.id,
        });
        // The host's badge counted this request: the notification takes it off, live.
        await notifications.notify(tx, afterCommit, [
          {
            userId: found!.event.hostId,
            type: 'join_request_withdrawn',
            eventId: found!.event.id,
            actorId: viewer.id,
            joinRequestId: requestId,
            data: { title: found!.event.title },
          },
        ]);
        afterCommit(() =>
          deps.pubsub.publish(channels.event(found!.event.id), {
            eventId: found!.event.id,
            kind: 'participants',
          }),
        );
        // A declined offer: the place goes to the next in line.
        if (found!.request.status === 'offered') await admission.offerNext(tx, afterCommit, found!.event);
        return { joinRequest, event: found!.event };
      });
    },

    // A participant leaves; the place becomes free and the accepted request is marked withdrawn.
    async leave(viewer: Viewer, eventId: string) {
      if (!isUuid(eventId)) throw notFound('error.eventNotFound');
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const event = await options.events.lockEvent(tx, eventId);
        if (!event) throw notFound('error.eventNotFound');
        const active = await repo.activeFor(tx, eventId, viewer.id);
        if (!active || active.status !== 'accepted') throw conflict('join.notParticipant');
        // The place frees, and the first in line is offered it (ADR 045).
        const updated = await admission.release(tx, afterCommit, event, viewer.id);
        if (!updated) throw conflict('join.notParticipant');
        await repo.setStatus(tx, active.id, {
          status: 'withdrawn',
          decidedAt: deps.clock.now(),
          decidedBy: viewer.id,
        });
        afterCommit(() => deps.pubsub.publish(channels.event(eventId), { eventId, kind: 'participants' }));
        return { event: updated };
      });
    },

    // Host only: null for everyone else, so requests never leak.
    async forEvent(
      viewer: Viewer,
      event: Pick<EventRow, 'id' | 'hostId'>,
      status?: JoinRequestRow['status'] | null,
    ) {
      if (!isHost(viewer, event)) return null;
      return repo.forEvents([event.id], status ?? undefined);
    },

    // A moderator removed a join message (ADR 039): the request stays, its text goes.
    async removeMessage(tx: Tx, requestId: string | null): Promise<void> {
      if (requestId && isUuid(requestId)) await repo.clearMessage(tx, requestId);
    },

    onJoined: (hook: ParticipationHook) => admission.onJoined(hook),
    onLeft: (hook: ParticipationHook) => admission.onLeft(hook),

    byIds: (ids: readonly string[]) => repo.byIds(ids),
    pendingCounts: (eventIds: readonly string[]) => repo.pendingCounts(eventIds),
    standingOf: (viewer: Viewer, eventIds: readonly string[]) => repo.standingOf(viewer.id, eventIds),
    hostPendingCount: (viewer: Viewer) => repo.hostPendingCount(viewer.id, deps.clock.now()),
  };
}
