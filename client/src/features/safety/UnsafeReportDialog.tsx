import { useState } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { ReportReason } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, reportFormState } from '#client/features/safety/reportForm.ts';
import { useReportUnsafeEventMutation } from '#client/features/safety/useReportUnsafeEventMutation.ts';

type Person = { id: string; displayName: string };

const choiceClasses = (chosen: boolean) =>
  cn(
    'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm transition',
    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-pop-400',
    chosen
      ? 'border-rose-400 bg-rose-500/15 text-white'
      : 'border-ink-600 bg-ink-850/60 text-ink-100 hover:border-rose-400',
  );

// 'Kendimi güvende hissetmedim' after an event (ADR 069): about the event or one person who was there
// (the host or a participant, never the viewer), a reason, optional details. The server allows it
// once per event; `onFiled` tells the page, which then hides the button.
export function UnsafeReportDialog({
  eventId,
  host,
  people,
  viewerIsHost,
  open,
  onOpenChange,
  onFiled,
}: {
  eventId: string;
  host: Person;
  people: readonly Person[];
  viewerIsHost: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFiled: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  // 'EVENT' or a person's id.
  const [about, setAbout] = useState<string | null>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [message, setMessage] = useState('');
  const [report, { loading }] = useReportUnsafeEventMutation();
  const form = reportFormState({ reason, message });
  const choices = [
    ...(viewerIsHost ? [] : [{ id: 'EVENT', label: t('unsafe.aboutEvent') }]),
    ...(viewerIsHost ? [] : [{ id: host.id, label: t('unsafe.aboutHost', { name: host.displayName }) }]),
    ...people.map((p) => ({ id: p.id, label: t('unsafe.aboutPerson', { name: p.displayName }) })),
  ];

  const submit = async () => {
    if (!form.input || !about) return;
    try {
      await report({
        variables: {
          input: {
            eventId,
            subject: about === 'EVENT' ? 'EVENT' : 'PERSON',
            userId: about === 'EVENT' ? null : about,
            ...form.input,
          },
        },
      });
      toast.success(t('unsafe.sent'));
      onFiled();
      onOpenChange(false);
    } catch (error) {
      const conflict =
        CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'CONFLICT');
      toast.error(userFacingMessage(error, t('safety.report.failed')));
      if (conflict) {
        onFiled();
        onOpenChange(false);
      }
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (loading ? undefined : onOpenChange(next))}
      title={t('unsafe.title')}
      description={t('unsafe.text')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void submit()}
            disabled={!form.canSubmit || !about}
            loading={loading}
            loadingText={t('safety.report.sending')}
            data-testid="unsafe-submit"
          >
            {t('unsafe.submit')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        data-testid="unsafe-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (form.canSubmit && about && !loading) void submit();
        }}
      >
        <fieldset className="flex flex-col gap-2" disabled={loading}>
          <legend className="mb-2 text-sm font-medium text-ink-200">{t('unsafe.about')}</legend>
          {choices.map((c) => (
            <label key={c.id} className={choiceClasses(about === c.id)}>
              <input
                type="radio"
                name="unsafe-about"
                value={c.id}
                checked={about === c.id}
                onChange={() => setAbout(c.id)}
                className="size-4 accent-rose-500"
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2" disabled={loading}>
          <legend className="mb-2 text-sm font-medium text-ink-200">{t('safety.report.reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className={choiceClasses(reason === r)}>
              <input
                type="radio"
                name="unsafe-reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="size-4 accent-rose-500"
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
