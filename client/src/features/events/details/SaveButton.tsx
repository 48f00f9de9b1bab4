import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useToggleSaveEventMutation } from '#client/features/events/details/useToggleSaveEventMutation.ts';

// The like button, with the number of saves.
export function SaveButton({
  eventId,
  saveCount,
  saved,
}: {
  eventId: string;
  saveCount: number;
  saved: boolean;
}) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const { toggle, loading } = useToggleSaveEventMutation();

  const onClick = async () => {
    try {
      await toggle(eventId, saved, saveCount);
    } catch (error) {
      toast.error(userFacingMessage(error, t('error.text')));
    }
  };

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void onClick()}
      disabled={loading}
      aria-pressed={saved}
      className={saved ? 'border-pop-500/70 text-pop-400' : undefined}
      data-testid="save-button"
    >
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span>
      {saved ? t('details.saved') : t('details.save')}
      <span className="tabular-nums text-ink-300" aria-hidden="true">
        {fmt.number(saveCount)}
      </span>
      {/* The name keeps the visible words first ("Kaydet"), then says what the number is. */}
      <span className="sr-only">· {t('details.saveCount', { count: saveCount })}</span>
    </Button>
  );
}
