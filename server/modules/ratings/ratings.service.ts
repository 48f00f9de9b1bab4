import { z } from 'zod';
import type { EventRow, RatingRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost } from '#server/auth/access.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import type { MessageKey } from '#server/lib/i18n.ts';
import { parseInput } from '#server/lib/validation.ts';
import { eventStatus } from '#server/modules/events/events.mappers.ts';
import type { EventsService } from '#server/modules/events/events.service.ts';
import type { SafetyService } from '#server/modules/safety/safety.service.ts';
import { createRatingsRepository } from './ratings.repository.ts';

export const RATING_FEEDBACK_MAX = 1000;
// Ratings open when an event ends and close this long after (ADR 022).
export const RATING_WINDOW_MS = 14 * 24 * 3600_000;

const rateSchema = z.object({
  eventId: z.string(),
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

// Why `rater` may not rate `event` at `now` (null: they may). Pure, so the mutation and
// Event.viewerCanRate cannot disagree. Who first (host, participant), then when.
export function ratingRefusal(
  event: Pick<EventRow, 'hostId' | 'startsAt' | 'endsAt' | 'cancelledAt'>,
  raterId: string,
  isParticipant: boolean,
  now: Date,
): RatingRefusal | null {
  if (isHost(raterId, event)) return { code: ErrorCode.FORBIDDEN, key: 'rating.ownEvent' };
  if (!isParticipant) return { code: ErrorCode.FORBIDDEN, key: 'rating.notParticipant' };
  const status = eventStatus(event, now);
  if (status === 'cancelled') return { code: ErrorCode.CONFLICT, key: 'rating.cancelled' };
  if (status !== 'completed') return { code: ErrorCode.CONFLICT, key: 'rating.notOver' };
  if (now.getTime() > event.endsAt.getTime() + RATING_WINDOW_MS)
    return { code: ErrorCode.CONFLICT, key: 'rating.windowClosed' };
  return null;
}

export function createRatingsService(deps: Deps, options: { events: EventsService; safety: SafetyService }) {
  const repo = createRatingsRepository(deps.db);
  const { events, safety } = options;

  async function visibleEvent(viewer: Viewer, eventId: string): Promise<EventRow | undefined> {
    const [event] = await events.byIds([eventId]);
    // A block between the viewer and the host hides the event, as everywhere else.
    if (!event || (await safety.blockedBetween(viewer.id, event.hostId))) return undefined;
    return event;
  }

  return {
    // Accepted participants rate the host once the event is over; rating again replaces the rating.
    async rateEvent(viewer: Viewer, input: unknown): Promise<{ event: EventRow; rating: RatingRow }> {
      const { eventId, score, feedback } = parseInput(rateSchema, input);
      const now = deps.clock.now();
      const event = await visibleEvent(viewer, eventId);
      if (!event) throw notFound('error.eventNotFound');
      const relation = (await events.relationsOf(viewer, [event.id])).get(event.id);
      const refusal = ratingRefusal(event, viewer.id, relation === 'participant', now);
      if (refusal) throw new AppError(refusal.code, refusal.key);
      const rating = await repo.upsert({
        eventId: event.id,
        raterId: viewer.id,
        rateeId: event.hostId,
        score,
        feedback,
        at: now,
      });
      deps.logger.info({ eventId: event.id, ratingId: rating.id }, 'event rated');
      return { event, rating };
    },

    // Whether rateEvent would accept a rating from the viewer now (the form's visibility).
    async canRate(viewer: Viewer, event: EventRow, relation: 'participant' | 'requester' | undefined) {
      if (ratingRefusal(event, viewer.id, relation === 'participant', deps.clock.now())) return false;
      return !(await safety.blockedBetween(viewer.id, event.hostId));
    },

    viewerRatingsOf: (viewer: Viewer, eventIds: readonly string[]) => repo.ofRater(viewer.id, eventIds),
  };
}
