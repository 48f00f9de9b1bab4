import { useState } from 'react';
import type { RemovableProfileField } from '#client/__generated__/graphql.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useModerationAction, type ModerationVerb } from './useModerationAction.ts';

const DAYS = [1, 3, 7, 30] as const;
const FIELDS: RemovableProfileField[] = ['BIO', 'DISPLAY_NAME', 'USERNAME', 'AVATAR'];
// Actions whose consequences are hard to undo get the danger colour.
const DANGER = new Set<ModerationVerb['kind']>(['suspend', 'remove', 'removeField', 'cancelEvent']);
const REASON_MIN = 3;
const REASON_MAX = 500;

// Confirms one moderation action: the reason is required (shown to the person concerned and logged);
// a suspension also asks for its length, a profile removal for the field.
export function ModerationActionDialog({
  verb,
  targetName,
  onClose,
}: {
  verb: ModerationVerb | null;
  targetName: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { run, loading } = useModerationAction();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<string>('7');
  const [field, setField] = useState<RemovableProfileField>('BIO');
  if (!verb) return null;
  const trimmed = reason.trim();
  const valid = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;
  const isAppeal = verb.kind === 'uphold' || verb.kind === 'overturn';
  const descriptions: Partial<Record<ModerationVerb['kind'], string>> = {
    dismiss: t('moderation.dialog.text.dismiss'),
    suspend: t('moderation.dialog.text.suspend'),
    cancelEvent: t('moderation.dialog.text.cancelEvent'),
    overturn: t('moderation.dialog.text.overturn'),
  };

  const close = () => {
    setReason('');
    onClose();
  };
  const submit = async () => {
    if (!valid || loading) return;
    try {
      await run(verb, { reason: trimmed, days: days === 'forever' ? null : Number(days), field });
      toast.success(t('moderation.done'));
      close();
    } catch (error) {
      toast.error(userFacingMessage(error, t('moderation.failed')));
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (!open && !loading ? close() : undefined)}
      title={t(`moderation.dialog.title.${verb.kind}`, { name: targetName })}
      description={descriptions[verb.kind]}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button
            variant={DANGER.has(verb.kind) ? 'danger' : 'primary'}
            onClick={() => void submit()}
            disabled={!valid}
            loading={loading}
            data-testid="moderation-confirm"
          >
            {t('moderation.dialog.confirm')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {verb.kind === 'suspend' ? (
          <Select
            label={t('moderation.dialog.duration')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            data-testid="moderation-days"
          >
            {DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {t('moderation.dialog.days', { count: d })}
              </option>
            ))}
            <option value="forever">{t('moderation.dialog.forGood')}</option>
          </Select>
        ) : null}
        {verb.kind === 'removeField' ? (
          <Select
            label={t('moderation.dialog.field')}
            value={field}
            onChange={(e) => setField(e.target.value as RemovableProfileField)}
          >
            {FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`moderation.field.${f}`)}
              </option>
            ))}
          </Select>
        ) : null}
        <Textarea
          label={isAppeal ? t('moderation.dialog.note') : t('moderation.dialog.reason')}
          value={reason}
          maxLength={REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          hint={t('moderation.dialog.reasonHint')}
          data-testid="moderation-reason"
        />
      </form>
    </Dialog>
  );
}
