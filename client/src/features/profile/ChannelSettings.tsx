import { Switch } from '#client/components/ui/Switch.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useUpdateSettingsMutation } from '#client/features/profile/useUpdateSettingsMutation.ts';

export type ChannelPreferences = {
  inAppReminders: boolean;
  emailReminders: boolean;
  pushReminders: boolean;
  inAppWaitlist: boolean;
  emailWaitlist: boolean;
  pushWaitlist: boolean;
};

const TOPICS = [
  { topic: 'Reminders', label: 'channels.reminders' },
  { topic: 'Waitlist', label: 'channels.waitlist' },
] as const;
const CHANNELS = [
  { channel: 'inApp', label: 'channels.inApp' },
  { channel: 'email', label: 'channels.email' },
  { channel: 'push', label: 'channels.push' },
] as const;

// Reminders and waitlist offers, one switch per channel (ADR 046); saved as each flips.
export function ChannelSettings({ preferences }: { preferences: ChannelPreferences }) {
  const { t } = useI18n();
  const toast = useToast();
  const { update, loading } = useUpdateSettingsMutation();
  const flip = async (key: keyof ChannelPreferences, on: boolean) => {
    try {
      await update({ [key]: on });
      toast.success(t('settings.notifications.saved'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('settings.notifications.failed')));
    }
  };
  return (
    <fieldset disabled={loading} className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr>
            <th className="py-2 text-left font-medium text-ink-300" />
            {CHANNELS.map((c) => (
              <th key={c.channel} className="px-2 py-2 text-center font-medium text-ink-300">
                {t(c.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TOPICS.map(({ topic, label }) => (
            <tr key={topic} className="border-t border-ink-700">
              <td className="py-3 pr-3 text-white">{t(label)}</td>
              {CHANNELS.map(({ channel }) => {
                const key = `${channel}${topic}` as keyof ChannelPreferences;
                return (
                  <td key={channel} className="px-2 py-3 text-center">
                    <Switch
                      checked={preferences[key]}
                      aria-label={`${t(label)} · ${t(CHANNELS.find((c) => c.channel === channel)!.label)}`}
                      data-testid={`channel-${key}`}
                      onChange={(e) => void flip(key, e.target.checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
