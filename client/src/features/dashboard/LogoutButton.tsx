import { Button } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// 'Çıkış Yap', at the foot of the side menu and of the phone's drawer.
export function LogoutButton({
  onLogout,
  loggingOut,
  fullWidth,
}: {
  onLogout: () => void;
  loggingOut: boolean;
  fullWidth?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Button
      variant="ghost"
      fullWidth={fullWidth}
      className="justify-start text-rose-300"
      onClick={onLogout}
      loading={loggingOut}
    >
      <span aria-hidden="true">🚪</span>
      {t('nav.logout')}
    </Button>
  );
}
