import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { EventRow, RatingRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { MessageKey } from '#server/lib/i18n.ts';
import { isUuid } from '#server/lib/ids.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { BadgesService } from '#server/modules/badges/badges.service.ts';
import { eventStatus } from '#server/modules/events/events.mappers.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { TrustGate } from '#server/modules/trust/trust-gate.service.ts';
import type { SafetyService } from '#server/modules/safety/safety.service.ts';
import type { RewardsService } from '#server/modules/rewards/rewards.service.ts';
import { createRatingsRepository } from './ratings.repository.ts';

export const RATING_FEEDBACK_MAX = 1000;
// Ratings open when an event ends and close this long after (ADR 022).
export const RATING_WINDOW_MS = 14 * 24 * 3600_000;

const rateSchema = z.object({
  eventId: z.string(),
  userId: z.string().nullish(),
  score: z
    .number()
    .int('validation.ratingScore')
    .min(1, 'validation.ratingScore')
    .max(5, 'validation.ratingScore'),
  feedback: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(RATING_FEEDBACK_MAX, 'validation.ratingFeedbackTooLong').nullable()),
});

export type RatingRefusal = { code: ErrorCode; key: MessageKey };

// Why `event` may not be rated at `now`, whoever rates (null: it may).
function timeRefusal(
  event: Pick<EventRow, 'startsAt' | 'endsAt' | 'cancelledAt'>,
  now: Date,
): RatingRefusal | null {
  const status = eventStatus(event, now);
  if (status === 'cancelled') return { code: ErrorCode.CONFLICT, key: 'rating.cancelled' };
  if (status !== 'completed') return { code: ErrorCode.CONFLICT, key: 'rating.notOver' };
  if (now.getTime() > event.endsAt.getTime() + RATING_WINDOW_MS)
    return { code: ErrorCode.CONFLICT, key: 'rating.windowClosed' };
  return null;
}

// Why `rater` may not rate `event`'s host at `now` (null: they may). Pure, so the mutation and
// Event.viewerCanRate cannot disagree. Who first (host, participant), then when.
export function ratingRefusal(
  event: Pick<EventRow, 'hostId' | 'startsAt' | 'endsAt' | 'cancelledAt'>,
  raterId: string,
  isParticipant: boolean,
  now: Date,
): RatingRefusal | null {
  if (isHost(raterId, event)) return { code: ErrorCode.FORBIDDEN, key: 'rating.ownEvent' };
  if (!isParticipant) return { code: ErrorCode.FORBIDDEN, key: 'rating.notParticipant' };
  return timeRefusal(event, now);
}

// Why the host may not rate `rateeId` as a participant of `event` (null: they may).
export function participantRatingRefusal(
  event: Pick<EventRow, 'hostId' | 'startsAt' | 'endsAt' | 'cancelledAt'>,
  raterId: string,
  rateeIsParticipant: boolean,
  now: Date,
): RatingRefusal | null {
  if (!isHost(raterId, event)) return { code: ErrorCode.FORBIDDEN, key: 'rating.onlyHost' };
  if (!rateeIsParticipant) return { code: ErrorCode.FORBIDDEN, key: 'rating.notEventParticipant' };
  return timeRefusal(event, now);
}

export function createRatingsService(
  deps: Deps,
  options: {
    events: EventsService;
    safety: SafetyService;
    badges: BadgesService;
    gate: TrustGate;
    rewards: RewardsService;
  },
) {
  const repo = createRatingsRepository(deps.db);
  const { events, safety, badges, gate } = options;

  async function visibleEvent(viewer: Viewer, eventId: string): Promise<EventRow | undefined> {
    const [event] = await events.byIds([eventId]);
    // A block between the viewer and the host hides the event, as everywhere else.
    if (!event || (await safety.blockedBetween(viewer.id, event.hostId))) return undefined;
    return event;
  }

  return {
    // Participants rate the host; the host rates participants (userId). Once the event is over;
    // rating again replaces the rating. Badges for both sides in the same transaction.
    async rateEvent(viewer: Viewer, input: unknown): Promise<{ event: EventRow; rating: RatingRow }> {
      const { eventId, userId, score, feedback } = parseInput(rateSchema, input);
      const now = deps.clock.now();
      const event = await visibleEvent(viewer, eventId);
      if (!event) throw notFound('error.eventNotFound');
      let rateeId = event.hostId;
      if (userId && userId !== event.hostId) {
        if (!isUuid(userId)) throw notFound('error.userNotFound');
        const participants = (await events.participantsOf([event.id])).get(event.id) ?? [];
        const refusal = participantRatingRefusal(
          event,
          viewer.id,
          participants.some((p) => p.userId === userId),
          now,
        );
        if (refusal) throw new AppError(refusal.code, refusal.key);
        if (await safety.blockedBetween(viewer.id, userId)) throw notFound('error.userNotFound');
        rateeId = userId;
      } else {
        const relation = (await events.relationsOf(viewer, [event.id])).get(event.id);
        const refusal = ratingRefusal(event, viewer.id, relation === 'participant', now);
        if (refusal) throw new AppError(refusal.code, refusal.key);
      }
      const screenings = await gate.screenFields(viewer.id, [
        { field: 'feedback', kind: 'rating_feedback', text: feedback },
      ]);
      const rating = await inTransaction(deps.db, deps.logger, async (tx, afterCommit) => {
        const saved = await repo.upsert(tx, {
          eventId: event.id,
          raterId: viewer.id,
          rateeId,
          score,
          feedback,
          at: now,
        });
        await gate.recordAll(tx, screenings, { subjectId: saved.id, eventId: event.id });
        await badges.evaluate(tx, afterCommit, viewer.id);
        await badges.evaluate(tx, afterCommit, rateeId);
        // A 5-star rating of the host earns the host tokens (once per rater and event).
        await options.rewards.afterRating(tx, afterCommit, saved, event.hostId);
        return saved;
      });
      deps.logger.info({ eventId: event.id, ratingId: rating.id }, 'event rated');
      return { event, rating };
    },

    // Whether rateEvent would accept a rating of the host from the viewer now (the form's visibility).
    async canRate(
      viewer: Viewer,
      event: Pick<EventRow, 'id' | 'hostId' | 'startsAt' | 'endsAt' | 'cancelledAt'>,
      relation: 'participant' | 'requester' | undefined,
    ) {
      if (ratingRefusal(event, viewer.id, relation === 'participant', deps.clock.now())) return false;
      return !(await safety.blockedBetween(viewer.id, event.hostId));
    },

    // Whether the host may rate participants of this event now.
    canRateParticipants: (
      viewer: Viewer,
      event: Pick<EventRow, 'id' | 'hostId' | 'startsAt' | 'endsAt' | 'cancelledAt'>,
    ) => participantRatingRefusal(event, viewer.id, true, deps.clock.now()) === null,

    viewerRatingsOf: (viewer: Viewer, eventIds: readonly string[]) => repo.ofRater(viewer.id, eventIds),

    // A moderator removed a rating's feedback (ADR 039); the score stays.
    async removeFeedback(tx: Tx, ratingId: string | null): Promise<void> {
      if (ratingId && isUuid(ratingId)) await repo.clearFeedback(tx, ratingId);
    },
  };
}
