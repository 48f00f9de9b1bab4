import { gql } from '#client/apollo/gql.ts';
import type { RequestRow_JoinRequestFragment } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { timeAgo } from '#client/lib/i18n/timeAgo.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { ratingText } from '#client/lib/format.ts';
import {
  useAcceptRequestMutation,
  useDeclineRequestMutation,
} from '#client/features/join-requests/useDecideRequestMutation.ts';

export const REQUEST_ROW_FRAGMENT = gql`
  fragment RequestRow_joinRequest on JoinRequest {
    id
    status
    message
    createdAt
    declinedByCheck
    autoApproved
    waitlist
    reliability {
      attended
      recorded
      percent
    }
    check {
      verdict
      reasons
    }
    user {
      id
      displayName
      username
      avatarUrl
      stats {
        averageRating
        eventsJoined
      }
    }
  }
`;

const VERDICT_TONE = { OK: 'success', REVIEW: 'warning', BLOCK: 'danger' } as const;

// One join request for the host: who, when, the message, the automatic check's verdict (REVIEW in
// the warning style, with its reasons), and Accept, Decline, Message while it is pending.
export function RequestRow({
  request,
  onOpenProfile,
  onMessage,
  onStale,
  closed = false,
}: {
  request: RequestRow_JoinRequestFragment;
  // The event is over or cancelled: a leftover request can no longer be decided (issue 27).
  closed?: boolean;
  onOpenProfile: (userId: string) => void;
  onMessage: (user: { id: string; displayName: string }) => void;
  // The request changed elsewhere (withdrawn, decided in another tab): read the list again.
  onStale?: () => void;
}) {
  const { t, fmt, locale } = useI18n();
  const toast = useToast();
  const [accept, acceptState] = useAcceptRequestMutation();
  const [decline, declineState] = useDeclineRequestMutation();
  const busy = acceptState.loading || declineState.loading;
  const { user, check } = request;
  const pending = request.status === 'PENDING';
  const decidable = pending && !closed;

  const decide = async (kind: 'accept' | 'decline') => {
    const variables = { input: { id: request.id } };
    try {
      if (kind === 'accept') await accept({ variables });
      else await decline({ variables });
      toast.success(t(kind === 'accept' ? 'requests.accepted' : 'requests.declined'));
    } catch (error) {
      toast.error(
        userFacingMessage(error, t(kind === 'accept' ? 'requests.acceptFailed' : 'requests.declineFailed')),
      );
      onStale?.();
    }
  };

  return (
    <article
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-ink-850/80 p-4',
        check.verdict === 'REVIEW' ? 'border-amber-400/50' : 'border-ink-700',
      )}
      data-testid="request-row"
      data-request-id={request.id}
      data-verdict={check.verdict}
    >
      <div className="flex items-start gap-3">
        <button
          type="button"
          className="shrink-0 rounded-full"
          onClick={() => onOpenProfile(user.id)}
          aria-label={t('requests.viewProfile', { name: user.displayName })}
        >
          <Avatar name={user.displayName} url={user.avatarUrl} />
        </button>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <button
              type="button"
              className="truncate font-semibold text-white hover:text-pop-400"
              onClick={() => onOpenProfile(user.id)}
            >
              {user.displayName}
            </button>
            {user.username ? <span className="text-sm text-ink-300">@{user.username}</span> : null}
          </p>
          <p className="text-xs text-ink-300">
            <time dateTime={request.createdAt} title={fmt.dateTime(request.createdAt)}>
              {timeAgo(request.createdAt, locale)}
            </time>
            {user.stats.averageRating != null ? ` · ★ ${ratingText(user.stats.averageRating, fmt)}` : null}
            {' · '}
            {t('requests.eventsJoined', { count: fmt.number(user.stats.eventsJoined) })}
          </p>
          <p className="text-xs text-ink-200" data-testid="request-reliability">
            {request.reliability?.percent != null
              ? t('requests.reliability', {
                  percent: request.reliability.percent,
                  attended: request.reliability.attended,
                  recorded: request.reliability.recorded,
                })
              : t('requests.reliabilityNone')}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <Badge tone={VERDICT_TONE[check.verdict]} data-testid="request-verdict">
              {check.verdict === 'OK' ? '✓' : '⚠'} {t(`requests.verdict.${check.verdict}`)}
            </Badge>
            {request.autoApproved ? <Badge tone="info">⚡ {t('requests.autoApproved')}</Badge> : null}
            {pending && closed ? (
              <Badge tone="neutral" data-testid="request-closed">
                🔒 {t('requests.closed')}
              </Badge>
            ) : null}
            {request.waitlist && pending ? (
              <Badge tone="warning">⏳ {t('requests.waitlistRequest')}</Badge>
            ) : null}
          </div>
        </div>
      </div>
      <p
        className={cn(
          'rounded-lg bg-ink-900/60 px-3 py-2 text-sm break-words whitespace-pre-line',
          request.message ? 'text-ink-100' : 'text-ink-300 italic',
        )}
        data-testid="request-message"
      >
        {request.message || t('requests.noMessage')}
      </p>
      {check.verdict !== 'OK' && check.reasons.length ? (
        <ul
          className={cn(
            'flex list-disc flex-col gap-0.5 rounded-lg border px-3 py-2 pl-7 text-sm',
            check.verdict === 'REVIEW'
              ? 'border-amber-400/30 bg-amber-500/10 text-amber-100'
              : 'border-rose-400/30 bg-rose-500/10 text-rose-100',
          )}
          data-testid="request-reasons"
        >
          {check.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      {decidable ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void decide('accept')}
            loading={acceptState.loading}
            disabled={busy}
            aria-label={`${t('requests.accept')}: ${user.displayName}`}
          >
            ✓ {t('requests.accept')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void decide('decline')}
            loading={declineState.loading}
            disabled={busy}
            aria-label={`${t('requests.decline')}: ${user.displayName}`}
          >
            ✕ {t('requests.decline')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onMessage({ id: user.id, displayName: user.displayName })}
            aria-label={`${t('requests.message')}: ${user.displayName}`}
          >
            💬 {t('requests.message')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
