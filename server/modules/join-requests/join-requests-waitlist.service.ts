import crypto from 'node:crypto';
import { z } from 'zod';
import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost, requireHost, requireOwner } from '#server/auth/access.ts';
import { AppError, badInput, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import { eventStatus } from '#server/modules/events/events.mappers.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import type { RewardsService } from '#server/modules/rewards/rewards.service.ts';
import { channels } from '#server/pubsub/channels.ts';
import { createJoinRequestsRepository } from './join-requests.repository.ts';
import { createLifecycleRepository } from './join-requests-lifecycle.repository.ts';
import type { AdmissionService } from './join-requests-admission.service.ts';

const SWEEP_BATCH = 200;
// The host records attendance from the start until a week after the end (ADR 049).
export const ATTENDANCE_WINDOW_MS = 7 * 86_400_000;

const attendanceSchema = z.object({
  eventId: z.string(),
  attendees: z
    .array(z.object({ userId: z.string(), attended: z.boolean() }))
    .min(1)
    .max(20),
});

const checkInSchema = z.object({ eventId: z.string(), code: z.string().max(64) });
// Participants check themselves in from an hour before the start until the end (ADR 049).
export const CHECK_IN_OPENS_MS = 60 * 60_000;
// Eight characters a person can read out and type: no 0/O, 1/I/L.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

const conflict = (key: ConstructorParameters<typeof AppError>[1]) => new AppError(ErrorCode.CONFLICT, key);

// The waitlist's offers (ADR 045) and the host's attendance record (ADR 049).
export function createWaitlistService(
  deps: Deps,
  options: {
    events: EventsService;
    notifications: NotificationsService;
    admission: AdmissionService;
    rewards: RewardsService;
  },
) {
  const repo = createJoinRequestsRepository(deps.db);
  const lifecycle = createLifecycleRepository(deps.db);
  const { admission, notifications } = options;
  // Read once, outside any transaction (the embedded database has one session).
  let checkInSecret: Promise<Buffer> | null = null;
  const codeFor = async (eventId: string): Promise<string> => {
    checkInSecret ??= serverSecret(deps.db, 'check-in-codes').catch((err: unknown) => {
      checkInSecret = null;
      throw err;
    });
    const digest = crypto
      .createHmac('sha256', await checkInSecret)
      .update(eventId)
      .digest();
    return Array.from(digest.subarray(0, CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join(
      '',
    );
  };

  // One offer past its deadline: closed, told, and the place offered to the next in line.
  async function expireOne(requestId: string) {
    const now = deps.clock.now();
    await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
      const found = await admission.lockForDecision(tx, requestId);
      if (!found) return;
      const { event, request } = found;
      if (request.status !== 'offered' || !request.offerExpiresAt || request.offerExpiresAt > now) return;
      await repo.setStatus(tx, request.id, { status: 'expired', decidedAt: now });
      await notifications.notify(tx, afterCommit, [
        {
          userId: request.userId,
          type: 'waitlist_offer_expired',
          eventId: event.id,
          joinRequestId: request.id,
          data: { title: event.title },
        },
      ]);
      afterCommit(() =>
        deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'participants' }),
      );
      await admission.offerNext(tx, afterCommit, event);
      deps.logger.info({ joinRequestId: request.id, eventId: event.id }, 'waitlist offer expired');
    });
  }

  return {
    // Takes the place offered to the viewer: the event row is locked, so two people taking the last
    // place never both get it, and the offer must still be open.
    async acceptOffer(viewer: Viewer, requestId: string) {
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const found = await admission.lockForDecision(tx, requestId);
        const request = requireOwner(viewer, found?.request, 'error.requestNotFound');
        const event = found!.event;
        if (request.status !== 'offered') throw conflict('join.notOffered');
        if (!request.offerExpiresAt || request.offerExpiresAt <= now) throw conflict('join.offerExpired');
        if (event.cancelledAt || eventStatus(event, now) === 'completed') throw conflict('join.eventClosed');
        // The offer held a place; other offers still hold theirs.
        if (event.participantCount >= event.maxParticipants) throw conflict('join.full');
        return admission.admit(tx, afterCommit, event, request, { userId: null, auto: false });
      });
    },

    // The sweep (every minute): offers past their deadline, then places nobody was offered.
    async sweep(): Promise<{ expired: number; offered: number }> {
      const now = deps.clock.now();
      const due = await lifecycle.dueOffers(now, SWEEP_BATCH);
      for (const offer of due) await expireOne(offer.id);
      let offered = 0;
      for (const eventId of await lifecycle.eventsToOffer(now, SWEEP_BATCH))
        offered += await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
          const event = await options.events.lockEvent(tx, eventId);
          return event ? (await admission.offerNext(tx, afterCommit, event)).length : 0;
        });
      return { expired: due.length, offered };
    },

    // Host only: the line, offers first.
    queueFor: (viewer: Viewer, event: Pick<EventRow, 'id' | 'hostId'>) =>
      isHost(viewer, event) ? lifecycle.queueOf(event.id) : Promise.resolve(null),
    positions: (requestIds: readonly string[]) => lifecycle.positions(requestIds),

    // The host marks who came (from the start until a week after the end). Participation rewards
    // follow the record (ADR 049): attendees are paid now, no-shows are not paid by the sweep.
    async recordAttendance(viewer: Viewer, input: unknown) {
      const v = parseInput(attendanceSchema, input);
      if (!isUuid(v.eventId)) throw notFound('error.eventNotFound');
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const event = requireHost(viewer, await options.events.lockEvent(tx, v.eventId));
        if (event.cancelledAt) throw conflict('attendance.cancelled');
        if (now < event.startsAt) throw conflict('attendance.tooEarly');
        if (now.getTime() > event.endsAt.getTime() + ATTENDANCE_WINDOW_MS)
          throw conflict('attendance.tooLate');
        for (const [i, a] of v.attendees.entries()) {
          if (!isUuid(a.userId) || !(await lifecycle.setAttendance(tx, event.id, a.userId, a.attended, now)))
            throw badInput([{ field: `input.attendees.${i}.userId`, key: 'validation.notParticipant' }]);
        }
        await options.rewards.afterAttendance(tx, afterCommit, event);
        afterCommit(() =>
          deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'participants' }),
        );
        deps.logger.info({ eventId: event.id, marked: v.attendees.length }, 'attendance recorded');
        return event;
      });
    },

    // The event's check-in code (ADR 049): derived from the event's id with a server secret, so it
    // needs no storage, stays the same for the event's life and cannot be guessed from the id.
    async checkInCode(
      viewer: Viewer,
      event: Pick<EventRow, 'id' | 'mode' | 'hostId'>,
    ): Promise<string | null> {
      if (event.mode !== 'physical' || !isHost(viewer, event)) return null;
      return codeFor(event.id);
    },

    // A participant's own check-in with the code the host shows: records that they came.
    async checkIn(viewer: Viewer, input: unknown) {
      const v = parseInput(checkInSchema, input);
      if (!isUuid(v.eventId)) throw notFound('error.eventNotFound');
      const expected = await codeFor(v.eventId);
      const now = deps.clock.now();
      return inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const event = await options.events.lockEvent(tx, v.eventId);
        if (!event) throw notFound('error.eventNotFound');
        if (event.mode !== 'physical') throw conflict('checkIn.online');
        if (event.cancelledAt) throw conflict('attendance.cancelled');
        const given = Buffer.from(normalizeCode(v.code));
        if (given.length !== expected.length || !crypto.timingSafeEqual(given, Buffer.from(expected)))
          throw badInput([{ field: 'input.code', key: 'checkIn.wrongCode' }]);
        if (now.getTime() < event.startsAt.getTime() - CHECK_IN_OPENS_MS || now > event.endsAt)
          throw conflict('checkIn.notOpen');
        if (!(await lifecycle.setAttendance(tx, event.id, viewer.id, true, now)))
          throw conflict('checkIn.notParticipant');
        await options.rewards.afterAttendance(tx, afterCommit, event);
        afterCommit(() =>
          deps.pubsub.publish(channels.event(event.id), { eventId: event.id, kind: 'participants' }),
        );
        deps.logger.info({ eventId: event.id, userId: viewer.id }, 'checked in');
        return event;
      });
    },

    reliability: (userIds: readonly string[]) => lifecycle.reliability(userIds),
    attendanceOf: (viewer: Viewer, eventIds: readonly string[]) =>
      lifecycle.attendanceOf(viewer.id, eventIds),
  };
}
