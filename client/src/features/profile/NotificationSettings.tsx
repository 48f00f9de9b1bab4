import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useUpdateSettingsMutation } from '#client/features/profile/useUpdateSettingsMutation.ts';
import { Switch } from '#client/components/ui/Switch.tsx';

export type NotificationPreferences = {
  emailJoinRequests: boolean;
  emailDecisions: boolean;
  emailMessages: boolean;
  emailEventChanges: boolean;
};
// The e-mails Squad sends: join requests, decisions, event changes, and unread messages while away
// (batched, at most one per conversation an hour).
const KINDS = ['emailJoinRequests', 'emailDecisions', 'emailEventChanges', 'emailMessages'] as const;

// E-mail choices, saved as each switch flips (the cache updates the viewer by id).
export function NotificationSettings({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useI18n();
  const toast = useToast();
  const { update, loading } = useUpdateSettingsMutation();

  const flip = async (kind: (typeof KINDS)[number], on: boolean) => {
    try {
      await update({ [kind]: on });
      toast.success(t('settings.notifications.saved'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('settings.notifications.failed')));
    }
  };

  return (
    <fieldset className="flex flex-col gap-1" disabled={loading}>
      <legend className="mb-2 text-sm text-ink-300">{t('settings.notifications.intro')}</legend>
      {KINDS.map((kind) => (
        <label
          key={kind}
          className="flex cursor-pointer items-center justify-between gap-4 rounded-xl px-2 py-2.5 hover:bg-ink-800"
          data-testid={`notification-pref-${kind}`}
        >
          <span className="text-sm text-white">{t(`settings.notifications.${kind}`)}</span>
          <Switch checked={preferences[kind]} onChange={(e) => void flip(kind, e.target.checked)} />
        </label>
      ))}
    </fieldset>
  );
}
