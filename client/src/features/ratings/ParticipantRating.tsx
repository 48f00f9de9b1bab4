import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  RateParticipantMutation,
  RateParticipantMutationVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { EVENT_ROSTER_FRAGMENT } from '#client/apollo/eventFragments.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { feedbackToSend, RATING_FEEDBACK_MAX, SCORES } from '#client/features/ratings/ratingForm.ts';

// The payload's event carries the roster, so the participant's card (the host's rating, their
// average) updates by the event's id.
export const RATE_PARTICIPANT_MUTATION: TypedDocumentNode<
  RateParticipantMutation,
  RateParticipantMutationVariables
> = gql`
  mutation RateParticipantMutation($input: RateEventInput!) {
    rateEvent(input: $input) {
      event {
        ...EventRoster_event
      }
      rating {
        id
        score
        feedback
      }
    }
  }
  ${EVENT_ROSTER_FRAGMENT}
`;

// The host rates a participant after the event: stars, and an optional note that shows on the
// participant's profile.
export function ParticipantRating({
  eventId,
  user,
  current,
}: {
  eventId: string;
  user: { id: string; displayName: string };
  current: { score: number; feedback: string | null } | null;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [mutate, { loading }] = useMutation(RATE_PARTICIPANT_MUTATION);
  const [note, setNote] = useState(current?.feedback ?? '');
  const [writing, setWriting] = useState(false);

  const send = async (score: number, feedback: string | null) => {
    try {
      await mutate({ variables: { input: { eventId, userId: user.id, score, feedback } } });
      setWriting(false);
      toast.success(t('rating.sent'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('rating.failed')));
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-ink-700 bg-ink-900/60 px-3 py-2">
      <div className="flex items-center gap-2">
        <span className="text-xs text-ink-300">{t('rating.participant', { name: user.displayName })}</span>
        <div role="group" aria-label={t('rating.stars')} className="ml-auto flex">
          {SCORES.map((score) => (
            <button
              key={score}
              type="button"
              disabled={loading}
              aria-pressed={current?.score === score}
              aria-label={t('rating.star', { score })}
              onClick={() => void send(score, current?.feedback ?? null)}
              className={cn(
                'px-0.5 text-xl leading-none transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-accent-400',
                current && score <= current.score ? 'text-amber-300' : 'text-ink-600',
              )}
            >
              ★
            </button>
          ))}
        </div>
      </div>
      {current && !writing ? (
        <button
          type="button"
          onClick={() => setWriting(true)}
          className="self-start text-xs text-accent-300 hover:underline"
        >
          {current.feedback ? `“${current.feedback}” · ✏️` : `+ ${t('rating.addNote')}`}
        </button>
      ) : null}
      {current && writing ? (
        <div className="flex flex-col gap-2">
          <label className="sr-only" htmlFor={`note-${user.id}`}>
            {t('rating.feedbackLabel')}
          </label>
          <textarea
            id={`note-${user.id}`}
            value={note}
            maxLength={RATING_FEEDBACK_MAX}
            onChange={(e) => setNote(e.target.value)}
            className="min-h-16 rounded-lg border border-ink-600 bg-ink-850 px-2 py-1.5 text-sm text-ink-100 outline-none focus:border-accent-400"
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setWriting(false)}>
              {t('rating.cancel')}
            </Button>
            <Button
              size="sm"
              loading={loading}
              onClick={() => void send(current.score, feedbackToSend(note))}
            >
              {t('rating.update')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
