import { useRef, useState, type KeyboardEvent } from 'react';
import type { RatingCard_EventFragment } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import {
  feedbackToSend,
  RATING_FEEDBACK_MAX,
  ratingFormState,
  SCORES,
  stepScore,
} from '#client/features/ratings/ratingForm.ts';
import { useRateEventMutation } from '#client/features/ratings/useRateEventMutation.ts';

// A participant's rating of the host once the event is over: the form while the server allows rating
// (viewerCanRate), otherwise (or after sending) the viewer's own rating with a way to change it.
export function RatingCard({ event, className }: { event: RatingCard_EventFragment; className?: string }) {
  const { t } = useI18n();
  const mine = event.viewerRating;
  const [editing, setEditing] = useState(false);
  if (!event.viewerCanRate && !mine) return null;
  const showForm = event.viewerCanRate && (!mine || editing);
  return (
    <Card className={cn('flex flex-col gap-3', className)} data-testid="rating-card">
      <h2 className="text-base font-bold text-white">
        {!mine ? t('rating.title') : showForm ? t('rating.change') : t('rating.yours')}
      </h2>
      {showForm ? (
        <RatingForm
          eventId={event.id}
          current={mine}
          onDone={() => setEditing(false)}
          onCancel={mine ? () => setEditing(false) : undefined}
        />
      ) : mine ? (
        <div className="flex flex-col gap-3" data-testid="rating-mine">
          <Stars score={mine.score} />
          <p className="text-sm whitespace-pre-line break-words text-ink-200">
            {mine.feedback ?? <span className="text-ink-300">{t('rating.noFeedback')}</span>}
          </p>
          {event.viewerCanRate ? (
            <div>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                ✏️ {t('rating.change')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

// Read-only stars, with the number for screen readers.
function Stars({ score }: { score: number }) {
  const { t } = useI18n();
  return (
    <p className="flex items-center gap-2">
      <span aria-hidden="true" className="text-2xl tracking-wider">
        {SCORES.map((s) => (
          <span key={s} className={s <= score ? 'text-amber-300' : 'text-ink-600'}>
            ★
          </span>
        ))}
      </span>
      <span className="sr-only">{t('rating.star', { score })}</span>
      <span aria-hidden="true" className="text-sm font-semibold text-ink-200">
        {t(`rating.scoreLabel.${score as 1 | 2 | 3 | 4 | 5}`)}
      </span>
    </p>
  );
}

function RatingForm({
  eventId,
  current,
  onDone,
  onCancel,
}: {
  eventId: string;
  current: RatingCard_EventFragment['viewerRating'];
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { rate, loading } = useRateEventMutation();
  const [score, setScore] = useState<number | null>(current?.score ?? null);
  const [hover, setHover] = useState<number | null>(null);
  const [text, setText] = useState(current?.feedback ?? '');
  const starRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const state = ratingFormState(score, text, current);
  const shown = hover ?? score;

  const onStarKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = stepScore(score, e.key);
    if (next === null) return;
    e.preventDefault();
    setScore(next);
    starRefs.current[next - 1]?.focus();
  };

  const submit = async () => {
    if (score === null || !state.submittable) return;
    try {
      await rate(eventId, score, feedbackToSend(text));
      toast.success(t('rating.sent'));
      onDone();
    } catch (error) {
      toast.error(userFacingMessage(error, t('rating.failed')));
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      data-testid="rating-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!loading) void submit();
      }}
    >
      {current ? null : <p className="text-sm text-ink-300">{t('rating.intro')}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label={t('rating.stars')}
          className="flex items-center gap-1"
          onMouseLeave={() => setHover(null)}
        >
          {SCORES.map((s) => (
            <button
              key={s}
              ref={(el) => {
                starRefs.current[s - 1] = el;
              }}
              type="button"
              aria-label={t('rating.star', { score: s })}
              aria-pressed={score === s}
              // One tab stop for the row: the chosen star (or the first); arrows move within it.
              tabIndex={(score ?? 1) === s ? 0 : -1}
              disabled={loading}
              onClick={() => setScore(s)}
              onMouseEnter={() => setHover(s)}
              onKeyDown={onStarKey}
              data-testid={`rating-star-${s}`}
              className={cn(
                'grid size-11 place-items-center rounded-xl text-3xl leading-none transition',
                'outline-none focus-visible:ring-2 focus-visible:ring-accent-400 disabled:opacity-50',
                shown !== null && s <= shown ? 'text-amber-300' : 'text-ink-600 hover:text-ink-400',
              )}
            >
              <span aria-hidden="true">★</span>
            </button>
          ))}
        </div>
        <span className="text-sm font-semibold text-ink-200" aria-live="polite" data-testid="rating-label">
          {shown === null ? t('rating.pickScore') : t(`rating.scoreLabel.${shown as 1 | 2 | 3 | 4 | 5}`)}
        </span>
      </div>
      <Textarea
        label={t('rating.feedbackLabel')}
        placeholder={t('rating.feedbackPlaceholder')}
        value={text}
        maxLength={RATING_FEEDBACK_MAX}
        rows={3}
        disabled={loading}
        onChange={(e) => setText(e.target.value)}
        hint={
          <span
            className={cn(
              'block text-right tabular-nums',
              state.tooLong ? 'text-rose-300' : state.nearLimit ? 'text-amber-300' : undefined,
            )}
          >
            <span aria-hidden="true" data-testid="rating-counter">
              {t('rating.counter', { count: state.length, max: RATING_FEEDBACK_MAX })}
            </span>
            <span className="sr-only">
              {t('rating.counterLabel', { count: state.length, max: RATING_FEEDBACK_MAX })}
            </span>
          </span>
        }
      />
      <p className="text-xs text-ink-300">⏳ {t('rating.windowNote')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={loading}>
            {t('rating.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          loading={loading}
          loadingText={t('rating.sending')}
          disabled={!state.submittable}
          data-testid="rating-submit"
        >
          {current ? t('rating.update') : t('rating.submit')}
        </Button>
      </div>
    </form>
  );
}
