import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// Shows 'Loading...' (in the app's language) while a lazy route module or its loader is on its way.
export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useI18n();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div
          role="status"
          className="fixed top-0 left-1/2 z-[90] -translate-x-1/2 rounded-b-xl bg-accent-gradient px-4 py-1 text-xs font-semibold text-white shadow-lg"
        >
          {t('common.loading')}
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
