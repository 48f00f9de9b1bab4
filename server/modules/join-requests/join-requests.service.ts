import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { EventRow, JoinRequestRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost, requireHost, requireOwner } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { MessageKey } from '#server/lib/i18n.ts';
import { inTransaction, type AfterCommit } from '#server/lib/unit-of-work.ts';
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
import type { BadgesService } from '#server/modules/badges/badges.service.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createJoinRequestsRepository } from './join-requests.repository.ts';
import { decisionMail, newRequestMail } from './join-requests.mails.ts';

export const JOIN_MESSAGE_MAX = 500;

const requestSchema = z.object({
  eventId: z.string(),
  message: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(JOIN_MESSAGE_MAX, 'validation.joinMessageTooLong').nullable()),
});

const conflict = (key: MessageKey) => new AppError(ErrorCode.CONFLICT, key);

export function createJoinRequestsService(
  deps: Deps,
  options: {
    events: EventsService;
    users: UsersService;
    notifications: NotificationsService;
    gate: TrustGate;
    safety: SafetyService;
    badges: BadgesService;
    safeguards: TrustSafeguards;
  },
) {
  const repo = createJoinRequestsRepository(deps.db);
  const { notifications, gate } = options;
  // Told in the transaction when someone becomes a participant or stops being one (group chats).
  type ParticipationHook = (
    tx: Tx,
    afterCommit: AfterCommit,
    event: EventRow,
    userId: string,
  ) => Promise<void>;
  const joinedHooks: ParticipationHook[] = [];
  const leftHooks: ParticipationHook[] = [];
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

  // Loads the request and its event for a decision, locking both (event first, always the same order).
  async function lockForDecision(tx: Tx, requestId: string) {
    if (!isUuid(requestId)) return undefined;
    // Inside the transaction: a second connection here would wait forever on the embedded database.
    const [peek] = await repo.byIds([requestId], tx);
    if (!peek) return undefined;
    const event = await options.events.lockEvent(tx, peek.eventId);
    const request = await repo.lock(tx, requestId);
    if (!event || !request) return undefined;
    return { event, request };
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

  async function decide(viewer: Viewer, requestId: string, accept: boolean) {
    const now = deps.clock.now();
    const result = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      const found = await lockForDecision(tx, requestId);
      // Requests of other hosts' events look like no request at all.
      const event = requireHost(viewer, found?.event, 'error.requestNotFound');
      const request = found!.request;
      if (request.status !== 'pending') throw conflict('join.notPending');
      if (event.cancelledAt || eventStatus(event, now) === 'completed') throw conflict('join.eventClosed');
      let updatedEvent = event;
      if (accept) {
        // The event row is locked: participant_count is current, so capacity holds under any concurrency.
        if (event.participantCount >= event.maxParticipants) throw conflict('join.full');
        await repo.addParticipant(tx, event.id, request.userId, request.id);
        updatedEvent = await repo.changeParticipantCount(tx, event.id, 1);
        for (const hook of joinedHooks) await hook(tx, afterCommit, event, request.userId);
      }
      const decided = await repo.setStatus(tx, request.id, {
        status: accept ? 'accepted' : 'declined',
        decidedAt: now,
        decidedBy: viewer.id,
      });
      await notifications.notify(tx, afterCommit, [
        {
          userId: request.userId,
          type: accept ? 'join_request_accepted' : 'join_request_declined',
          eventId: event.id,
          actorId: viewer.id,
          joinRequestId: request.id,
          data: { title: event.title },
        },
      ]);
      // Joining can earn the requester badges (first event, ten events, night owl …), told after the
      // decision itself.
      if (accept) await options.badges.evaluate(tx, afterCommit, request.userId);
      afterCommit(() =>
        deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'participants' }),
      );
      afterCommit(
        mailAfterCommit(async () => {
          const requester = await userRow(request.userId);
          if (requester && wantsEmail(requester, 'emailDecisions'))
            await deps.mailer.send(
              decisionMail(requester.email, { title: event.title, accepted: accept, link: link(event.id) }),
            );
        }),
      );
      return { joinRequest: decided, event: updatedEvent };
    });
    deps.logger.info({ joinRequestId: requestId, accepted: accept }, 'join request decided');
    return result;
  }

  return {
    async requestToJoin(
      viewer: Viewer,
      input: unknown,
    ): Promise<{ joinRequest: JoinRequestRow; event: EventRow }> {
      const { eventId, message } = parseInput(requestSchema, input);
      const now = deps.clock.now();
      const [event] = await options.events.byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (await options.safety.blockedBetween(viewer.id, event.hostId)) throw notFound('error.eventNotFound');
      if (isHost(viewer, event)) throw conflict('join.ownEvent');
      if (event.cancelledAt || eventStatus(event, now) === 'completed') throw conflict('join.eventClosed');
      if (event.participantCount >= event.maxParticipants) throw conflict('join.full');

      await refuseWhileRestricted(viewer, event.id, now);

      const recent = await repo.recentMessages(viewer.id, new Date(now.getTime() - 24 * 3600_000));
      const check = await gate.check('join_message', message ?? '', {
        recentMessages: recent
          .filter((r) => r.text)
          .map((r) => ({ text: r.text!, eventId: r.eventId, createdAt: r.createdAt })),
      });

      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const locked = await options.events.lockEvent(tx, event.id);
        if (!locked || locked.cancelledAt) throw conflict('join.eventClosed');
        if (locked.participantCount >= locked.maxParticipants) throw conflict('join.full');
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
                    requester: requester?.displayName ?? 'Bir Squad üyesi',
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
        const found = await lockForDecision(tx, requestId);
        requireOwner(viewer, found?.request, 'error.requestNotFound');
        if (found!.request.status !== 'pending') throw conflict('join.notPending');
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
        if (
          !active ||
          active.status !== 'accepted' ||
          !(await repo.removeParticipant(tx, eventId, viewer.id))
        ) {
          throw conflict('join.notParticipant');
        }
        await repo.setStatus(tx, active.id, {
          status: 'withdrawn',
          decidedAt: deps.clock.now(),
          decidedBy: viewer.id,
        });
        const updated = await repo.changeParticipantCount(tx, eventId, -1);
        for (const hook of leftHooks) await hook(tx, afterCommit, event, viewer.id);
        afterCommit(() => deps.pubsub.publish(channels.event(eventId), { eventId, kind: 'participants' }));
        return { event: updated };
      });
    },

    // Part of a block (the caller's transaction): pending requests between the two users end as if
    // the blocker had acted, declined on the blocker's events, withdrawn on the blocked user's, with
    // the usual notification, so the host's list and badge drop the request live.
    async endPendingBetween(tx: Tx, afterCommit: AfterCommit, blockerId: string, blockedId: string) {
      const now = deps.clock.now();
      const pending = await repo.pendingBetween(tx, blockerId, blockedId, now);
      const ended: JoinRequestRow[] = [];
      for (const p of pending) {
        const own = p.userId === blockerId;
        const row = await repo.endIfPending(tx, p.id, {
          status: own ? 'withdrawn' : 'declined',
          decidedAt: now,
          decidedBy: blockerId,
        });
        if (!row) continue;
        ended.push(row);
        await notifications.notify(tx, afterCommit, [
          {
            userId: own ? p.hostId : p.userId,
            type: own ? 'join_request_withdrawn' : 'join_request_declined',
            eventId: p.eventId,
            actorId: blockerId,
            joinRequestId: p.id,
            data: { title: p.title },
          },
        ]);
        afterCommit(() =>
          deps.pubsub.publish(channels.event(p.eventId), { eventId: p.eventId, kind: 'participants' }),
        );
      }
      return ended;
    },

    // Part of deleting an account (the deletion's transaction): the user's pending requests are
    // withdrawn and their places in events that have not ended are freed, with the usual
    // notifications and live updates. Returns 0 (no events cancelled here).
    async endAllOf(tx: Tx, afterCommit: AfterCommit, user: { id: string }): Promise<number> {
      const now = deps.clock.now();
      for (const active of await repo.activeOfUser(tx, user.id, now)) {
        const event = await options.events.lockEvent(tx, active.eventId);
        if (!event) continue;
        const request = await repo.lock(tx, active.id);
        if (!request || (request.status !== 'pending' && request.status !== 'accepted')) continue;
        if (request.status === 'accepted') {
          if (!(await repo.removeParticipant(tx, event.id, user.id))) continue;
          await repo.changeParticipantCount(tx, event.id, -1);
          for (const hook of leftHooks) await hook(tx, afterCommit, event, user.id);
        }
        await repo.setStatus(tx, request.id, { status: 'withdrawn', decidedAt: now, decidedBy: user.id });
        if (request.status === 'pending')
          await notifications.notify(tx, afterCommit, [
            {
              userId: event.hostId,
              type: 'join_request_withdrawn',
              eventId: event.id,
              actorId: user.id,
              joinRequestId: request.id,
              data: { title: event.title },
            },
          ]);
        afterCommit(() =>
          deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'participants' }),
        );
      }
      return 0;
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

    onJoined(hook: ParticipationHook) {
      joinedHooks.push(hook);
    },
    onLeft(hook: ParticipationHook) {
      leftHooks.push(hook);
    },

    byIds: (ids: readonly string[]) => repo.byIds(ids),
    pendingCounts: (eventIds: readonly string[]) => repo.pendingCounts(eventIds),
    standingOf: (viewer: Viewer, eventIds: readonly string[]) => repo.standingOf(viewer.id, eventIds),
    hostPendingCount: (viewer: Viewer) => repo.hostPendingCount(viewer.id, deps.clock.now()),
  };
}
