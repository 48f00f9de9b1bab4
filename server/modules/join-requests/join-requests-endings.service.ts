import type { Tx } from '#db/client.ts';
import type { JoinRequestRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { AfterCommit } from '#server/lib/unit-of-work.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createJoinRequestsRepository } from './join-requests.repository.ts';
import type { AdmissionService } from './join-requests-admission.service.ts';

const WAITING = new Set<JoinRequestRow['status']>(['pending', 'waitlisted', 'offered']);

// What other modules' transactions end: requests between two users who block each other, and
// everything of an account being deleted (ADR 021, 033).
export function createJoinRequestEndings(
  deps: Deps,
  options: { events: EventsService; notifications: NotificationsService; admission: AdmissionService },
) {
  const repo = createJoinRequestsRepository(deps.db);
  const { notifications, admission } = options;
  return {
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
        if (!request || (request.status !== 'accepted' && !WAITING.has(request.status))) continue;
        if (request.status === 'accepted' && !(await admission.release(tx, afterCommit, event, user.id)))
          continue;
        await repo.setStatus(tx, request.id, { status: 'withdrawn', decidedAt: now, decidedBy: user.id });
        if (request.status === 'offered') await admission.offerNext(tx, afterCommit, event);
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
  };
}
