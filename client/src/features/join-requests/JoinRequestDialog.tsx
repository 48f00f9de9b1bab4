import { useCallback, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type {
  JoinRequestDialogQuery,
  JoinRequestDialogQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { HostRankBadge } from '#client/components/ui/HostRankBadge.tsx';
import { Chip } from '#client/components/ui/Chip.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { ratingText } from '#client/lib/format.ts';
import {
  joinMessageState,
  joinMessageToSend,
  quickMessageKeys,
  withQuickMessage,
} from '#client/features/join-requests/joinMessage.ts';
import { useRequestToJoinMutation } from '#client/features/join-requests/useRequestToJoinMutation.ts';

export const JOIN_REQUEST_DIALOG_QUERY: TypedDocumentNode<
  JoinRequestDialogQuery,
  JoinRequestDialogQueryVariables
> = gql`
  query JoinRequestDialogQuery($id: ID!) {
    eventCatalog {
      limits {
        joinMessageMax
      }
    }
    event(id: $id) {
      id
      mode
      title
      startsAt
      endsAt
      publicLocation
      platform {
        id
        label
      }
      participantCount
      maxParticipants
      host {
        id
        displayName
        avatarUrl
        stats {
          averageRating
          eventsHosted
          hostRank
        }
      }
    }
  }
`;

type DialogEvent = NonNullable<JoinRequestDialogQuery['event']>;

// Opened from list cards, map popups, the lobby and the event page: one dialog per screen.
export function useJoinRequestDialog() {
  const [eventId, setEventId] = useState<string | null>(null);
  const open = useCallback((id: string) => setEventId(id), []);
  const close = useCallback(() => setEventId(null), []);
  return { open, element: <JoinRequestDialog eventId={eventId} onClose={close} /> };
}

// The join-request modal (spec §2): the event, an optional message (the server's limit, quick messages),
// the host, Cancel and Send. Sending disables it until the answer; it closes either way with a toast.
export function JoinRequestDialog({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const { t } = useI18n();
  const [sending, setSending] = useState(false);
  return (
    <Dialog
      open={eventId !== null}
      onOpenChange={(next) => (next || sending ? undefined : onClose())}
      title={t('join.title')}
      closeLabel={t('common.close')}
      className="sm:max-w-xl"
    >
      {eventId ? (
        <JoinRequestForm key={eventId} eventId={eventId} onClose={onClose} onSendingChange={setSending} />
      ) : null}
    </Dialog>
  );
}

function JoinRequestForm({
  eventId,
  onClose,
  onSendingChange,
}: {
  eventId: string;
  onClose: () => void;
  onSendingChange: (sending: boolean) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { data, loading } = useQuery(JOIN_REQUEST_DIALOG_QUERY, { variables: { id: eventId } });
  const [requestToJoin, { loading: sending }] = useRequestToJoinMutation();
  const [text, setText] = useState('');
  const event = data?.event;
  const max = data?.eventCatalog.limits.joinMessageMax ?? 0;
  const counter = joinMessageState(text, max);
  // A full event: the request asks for its waitlist (ADR 045).
  const full = event ? event.participantCount >= event.maxParticipants : false;

  const submit = async () => {
    onSendingChange(true);
    try {
      const result = await requestToJoin({
        variables: { input: { eventId, message: joinMessageToSend(text), waitlist: full } },
      });
      const request = result.data?.requestToJoin.joinRequest;
      if (request?.status === 'WAITLISTED') toast.success(t('waitlist.joinedAuto'), { durationMs: 6000 });
      else if (request?.status === 'ACCEPTED') toast.success(t('waitlist.accepted'), { durationMs: 6000 });
      else if (full && !request?.declinedByCheck) toast.success(t('waitlist.sent'), { durationMs: 6000 });
      else if (request?.declinedByCheck) {
        const reasons = request.check.reasons;
        toast.error(
          reasons.length ? t('join.blocked', { reasons: reasons.join(' · ') }) : t('join.blockedNoReason'),
          { durationMs: 10_000 },
        );
      } else {
        toast.success(t('join.sent'), { durationMs: 6000 });
      }
      // The message spoke of hurting themselves: not a refusal, a hand (ADR 036).
      if (request?.check.supportText) toast.info(request.check.supportText, { durationMs: 30_000 });
    } catch (error) {
      toast.error(userFacingMessage(error, t('join.failed')));
    } finally {
      onSendingChange(false);
      onClose();
    }
  };

  if (!event) {
    return loading ? (
      <p className="flex items-center gap-2 text-sm text-ink-300">
        <Spinner /> {t('join.loading')}
      </p>
    ) : (
      <p className="text-sm text-ink-300">{t('join.loadFailed')}</p>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="join-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        if (!sending && counter.sendable) void submit();
      }}
    >
      <EventSummary event={event} />
      {full ? (
        <p className="rounded-lg border border-amber-400/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          {t('waitlist.dialogNote')}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <Textarea
          label={t('join.messageLabel')}
          placeholder={t('join.messagePlaceholder')}
          value={text}
          maxLength={max}
          rows={4}
          disabled={sending}
          onChange={(e) => setText(e.target.value)}
          hint={
            <span
              className={cn(
                'block text-right tabular-nums',
                counter.tooLong ? 'text-rose-300' : counter.nearLimit ? 'text-amber-300' : undefined,
              )}
            >
              <span aria-hidden="true" data-testid="join-counter">
                {t('join.counter', { count: counter.length, max })}
              </span>
              <span className="sr-only">{t('join.counterLabel', { count: counter.length, max })}</span>
            </span>
          }
        />
        <div>
          <p className="mb-1.5 text-xs font-semibold text-ink-300 uppercase">{t('join.quick')}</p>
          <div className="flex flex-wrap gap-1.5">
            {quickMessageKeys(event.mode).map((key) => {
              const quick = t(key);
              return (
                <Chip
                  key={key}
                  selected={text.includes(quick)}
                  disabled={sending}
                  className="h-auto min-h-8 px-3 py-1 text-left text-xs whitespace-normal"
                  onClick={() => setText((current) => withQuickMessage(current, quick, max))}
                >
                  {quick}
                </Chip>
              );
            })}
          </div>
        </div>
      </div>
      <HostInfo host={event.host} />
      <p className="text-xs text-ink-300">🤖 {t('join.checkNote')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={sending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={sending} loadingText={t('join.sending')} disabled={!counter.sendable}>
          {t('join.send')}
        </Button>
      </div>
    </form>
  );
}

function EventSummary({ event }: { event: DialogEvent }) {
  const { t, fmt } = useI18n();
  const online = event.mode === 'ONLINE';
  const rows = [
    {
      label: t('join.when'),
      icon: '🗓️',
      value: `${fmt.date(event.startsAt)} · ${fmt.time(event.startsAt)} – ${fmt.time(event.endsAt)}`,
    },
    {
      label: online ? t('join.platform') : t('join.where'),
      icon: online ? '🎮' : '📍',
      value: (online ? event.platform?.label : event.publicLocation) ?? '—',
    },
    {
      label: t('join.participants'),
      icon: '👥',
      value: t('events.participants', { current: event.participantCount, max: event.maxParticipants }),
    },
  ];
  return (
    <div className="rounded-xl border border-ink-700 bg-ink-800/60 p-4">
      <p className="text-base font-bold break-words text-white" data-testid="join-event-title">
        {event.title}
      </p>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex gap-2">
            <dt className="sr-only">{row.label}</dt>
            <span aria-hidden="true">{row.icon}</span>
            <dd className="min-w-0 break-words text-ink-200">{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function HostInfo({ host }: { host: DialogEvent['host'] }) {
  const { t, fmt } = useI18n();
  const rating = host.stats.averageRating;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-ink-700 p-3" data-testid="join-host">
      <Avatar name={host.displayName} url={host.avatarUrl} />
      <div className="min-w-0 text-sm">
        <p className="flex min-w-0 items-center gap-2 font-semibold text-white">
          <span className="truncate">
            <span className="text-ink-300">{t('join.host')}:</span> {host.displayName}
          </span>
          <HostRankBadge rank={host.stats.hostRank} />
        </p>
        <p className="text-ink-300">
          <span className="text-amber-300">
            ★ {rating == null ? t('join.hostNoRating') : ratingText(rating, fmt)}
          </span>{' '}
          · {t('join.hostEvents', { count: fmt.number(host.stats.eventsHosted) })}
        </p>
      </div>
    </div>
  );
}
