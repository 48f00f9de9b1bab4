import { useState } from 'react';
import type { JoinStatusPanel_EventFragment } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { joinUiState } from '#client/features/join-requests/requestState.ts';
import { useLeaveEventMutation } from '#client/features/join-requests/useLeaveEventMutation.ts';
import { useWithdrawRequestMutation } from '#client/features/join-requests/useWithdrawRequestMutation.ts';
import { useAcceptWaitlistOfferMutation } from '#client/features/join-requests/useAcceptWaitlistOfferMutation.ts';

// The event page's join area for everyone but the host: 'Katıl', or the viewer's request (pending
// with Withdraw, accepted with Leave, declined with the check's reasons), or why joining is closed.
export function JoinStatusPanel({
  event,
  onJoin,
  onMessageHost,
}: {
  event: JoinStatusPanel_EventFragment;
  onJoin: () => void;
  onMessageHost: () => void;
}) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [withdraw, withdrawState] = useWithdrawRequestMutation();
  const [takeOffer, takeState] = useAcceptWaitlistOfferMutation();
  const [leave, leaveState] = useLeaveEventMutation();
  const request = event.viewerJoinRequest;
  const state = joinUiState({
    status: event.status,
    viewerRole: event.viewerRole,
    freeSlots: event.freeSlots,
    request,
  });
  if (state.kind === 'host') return null;

  const onWithdraw = async (id: string) => {
    try {
      await withdraw({ variables: { input: { id } } });
      toast.success(t('join.withdrawn'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('join.withdrawFailed')));
    }
  };

  const onTakeOffer = async (id: string) => {
    try {
      await takeOffer({ variables: { input: { id } } });
      toast.success(t('waitlist.accepted'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('waitlist.acceptFailed')));
    }
  };

  const onLeave = async () => {
    try {
      await leave({ variables: { input: { eventId: event.id } } });
      toast.success(t('join.left'));
      setLeaveOpen(false);
    } catch (error) {
      toast.error(userFacingMessage(error, t('join.leaveFailed')));
    }
  };

  const tone =
    state.kind === 'accepted' || state.kind === 'attended' || state.kind === 'offered'
      ? 'border-emerald-400/40 bg-emerald-500/10'
      : state.kind === 'pending' || state.kind === 'waitlisted'
        ? 'border-amber-400/40 bg-amber-500/10'
        : state.kind === 'declined'
          ? 'border-rose-400/40 bg-rose-500/10'
          : 'border-ink-700 bg-ink-800/60';

  return (
    <div
      className={cn('flex flex-col gap-3 rounded-xl border p-4', tone)}
      data-testid="join-status"
      data-state={state.kind}
    >
      {state.kind === 'join' ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-200">{t('join.state.open')}</p>
          <Button onClick={onJoin}>{t('join.button')}</Button>
        </div>
      ) : null}
      {state.kind === 'full' ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm font-semibold text-rose-200">{t('join.state.full')}</p>
          {state.expired ? <p className="text-sm text-ink-300">{t('waitlist.state.expired')}</p> : null}
          {event.status === 'UPCOMING' || event.status === 'ONGOING' ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-ink-300">{t('waitlist.fullHint')}</p>
              <Button variant="secondary" onClick={onJoin} data-testid="join-waitlist">
                {t('waitlist.join')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {state.kind === 'waitlisted' ? (
        <>
          <div>
            <p className="font-semibold text-amber-100" role="status">
              {t('waitlist.state.waitlisted', { position: state.position ?? '—' })}
            </p>
            <p className="text-sm text-ink-300">{t('waitlist.state.waitlistedHint')}</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            loading={withdrawState.loading}
            onClick={() => void onWithdraw(state.requestId)}
          >
            {t('waitlist.leave')}
          </Button>
        </>
      ) : null}
      {state.kind === 'offered' ? (
        <>
          <div>
            <p className="text-lg font-bold text-emerald-100" role="status">
              {t('waitlist.state.offered')}
            </p>
            <p className="text-sm text-ink-200">
              {t('waitlist.state.offeredHint', {
                deadline: state.expiresAt ? fmt.time(state.expiresAt) : '—',
              })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              loading={takeState.loading}
              onClick={() => void onTakeOffer(state.requestId)}
              data-testid="accept-offer"
            >
              {t('waitlist.accept')}
            </Button>
            <Button
              variant="outline"
              loading={withdrawState.loading}
              onClick={() => void onWithdraw(state.requestId)}
            >
              {t('waitlist.decline')}
            </Button>
          </div>
        </>
      ) : null}
      {state.kind === 'closed' ? (
        <p className="text-sm font-semibold text-ink-200">
          {t(state.reason === 'cancelled' ? 'join.state.cancelled' : 'join.state.completed')}
        </p>
      ) : null}
      {state.kind === 'pending' ? (
        <>
          <div>
            <p className="font-semibold text-amber-100" role="status">
              {t('join.state.pending')}
            </p>
            {state.waitlist ? <p className="text-sm text-ink-200">{t('requests.waitlistRequest')}</p> : null}
            <p className="text-sm text-ink-300">{t('join.state.pendingHint')}</p>
          </div>
          {request?.message ? <OwnMessage text={request.message} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              loading={withdrawState.loading}
              onClick={() => void onWithdraw(state.requestId)}
            >
              {t('join.withdraw')}
            </Button>
            <Button variant="ghost" size="sm" onClick={onMessageHost}>
              💬 {t('join.messageHost')}
            </Button>
          </div>
        </>
      ) : null}
      {state.kind === 'accepted' ? (
        <>
          <div>
            <p className="font-semibold text-emerald-100" role="status">
              {t('join.state.accepted')}
            </p>
            <p className="text-sm text-ink-300">{t('join.state.acceptedHint')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {event.status === 'UPCOMING' || event.status === 'ONGOING' ? (
              <Button
                variant="outline"
                size="sm"
                className="text-rose-200"
                onClick={() => setLeaveOpen(true)}
              >
                {t('join.leave')}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={onMessageHost}>
              💬 {t('join.messageHost')}
            </Button>
          </div>
        </>
      ) : null}
      {state.kind === 'attended' ? (
        <>
          <div>
            <p className="font-semibold text-emerald-100" role="status">
              {t('join.state.attended')}
            </p>
            <p className="text-sm text-ink-300">{t('join.state.attendedHint')}</p>
            {event.viewerAttendance !== null ? (
              <p className="mt-1 text-sm text-ink-200" data-testid="own-attendance">
                {t(event.viewerAttendance ? 'attendance.yours.came' : 'attendance.yours.noShow')}
              </p>
            ) : null}
          </div>
          <Button variant="ghost" size="sm" className="self-start" onClick={onMessageHost}>
            💬 {t('join.messageHost')}
          </Button>
        </>
      ) : null}
      {state.kind === 'declined' ? (
        <>
          <p className="font-semibold text-rose-100" role="status">
            {t(state.byCheck ? 'join.state.declinedByCheck' : 'join.state.declined')}
          </p>
          {state.reasons.length ? (
            <div>
              <p className="text-xs font-semibold text-ink-300 uppercase">{t('join.state.reasons')}</p>
              <ul className="mt-1 list-disc pl-5 text-sm text-rose-100" data-testid="join-reasons">
                {state.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {request?.message ? <OwnMessage text={request.message} /> : null}
          {state.canRetry ? (
            <Button size="sm" className="self-start" onClick={onJoin}>
              {t('join.retry')}
            </Button>
          ) : null}
        </>
      ) : null}

      <Dialog
        open={leaveOpen}
        onOpenChange={(next) => (leaveState.loading ? undefined : setLeaveOpen(next))}
        title={t('join.leaveTitle')}
        description={t('join.leaveText')}
        closeLabel={t('common.close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setLeaveOpen(false)} disabled={leaveState.loading}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={leaveState.loading} onClick={() => void onLeave()}>
              {t('join.leaveConfirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}

function OwnMessage({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <blockquote className="rounded-lg bg-ink-900/60 px-3 py-2 text-sm whitespace-pre-line text-ink-200">
      <span className="block text-xs font-semibold text-ink-300">{t('join.state.yourMessage')}</span>
      {text}
    </blockquote>
  );
}
