import { useState } from 'react';
import type { ReportReason } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, reportFormState } from '#client/features/safety/reportForm.ts';
import { useReportUserMutation } from '#client/features/safety/useReportUserMutation.ts';

// The Report dialog: one of the five reasons is required (Submit stays disabled until one is
// chosen), details are optional. It closes on success; a failure keeps what was typed.
export function ReportUserDialog({
  user,
  eventId,
  open,
  onOpenChange,
}: {
  user: { id: string; displayName: string };
  eventId?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [message, setMessage] = useState('');
  const [report, { loading }] = useReportUserMutation();
  const form = reportFormState({ reason, message });

  const submit = async () => {
    if (!form.input) return;
    try {
      await report({ variables: { input: { userId: user.id, eventId: eventId ?? null, ...form.input } } });
      toast.success(t('safety.report.sent'));
      setReason(null);
      setMessage('');
      onOpenChange(false);
    } catch (error) {
      toast.error(userFacingMessage(error, t('safety.report.failed')));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (loading ? undefined : onOpenChange(next))}
      title={t('safety.report.title', { name: user.displayName })}
      description={t('safety.report.text')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void submit()}
            disabled={!form.canSubmit}
            loading={loading}
            loadingText={t('safety.report.sending')}
            data-testid="report-submit"
          >
            {t('safety.report.submit')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        data-testid="report-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (form.canSubmit && !loading) void submit();
        }}
      >
        <fieldset className="flex flex-col gap-2" disabled={loading}>
          <legend className="mb-2 text-sm font-medium text-ink-200">{t('safety.report.reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm transition',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-pop-400',
                reason === r
                  ? 'border-accent-400 bg-accent-500/15 text-white'
                  : 'border-ink-600 bg-ink-850/60 text-ink-100 hover:border-accent-400',
              )}
            >
              <input
                type="radio"
                name="report-reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                required
                className="size-4 accent-fuchsia-500"
              />
              {t(`safety.report.reason.${r}`)}
            </label>
          ))}
        </fieldset>
        <Textarea
          label={t('safety.report.message')}
          placeholder={t('safety.report.messagePlaceholder')}
          value={message}
          disabled={loading}
          onChange={(e) => setMessage(e.target.value)}
          hint={t('safety.report.messageHint', { count: form.length, max: REPORT_MESSAGE_MAX })}
          error={form.tooLong ? t('safety.report.messageTooLong', { max: REPORT_MESSAGE_MAX }) : undefined}
        />
      </form>
    </Dialog>
  );
}
