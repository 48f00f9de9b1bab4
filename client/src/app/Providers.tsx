import type { ReactNode } from 'react';
import { ToastProvider } from '#client/components/ui/Toast.tsx';
import { I18nProvider } from '#client/lib/i18n/I18nProvider.tsx';
import type { Catalogue } from '#client/lib/i18n/catalogue.ts';
import { SessionProvider } from '#client/features/auth/SessionProvider.tsx';
import { UpdatePrompt } from '#client/app/UpdatePrompt.tsx';

// App-wide providers. Apollo is provided by the dashboard layout only, so the sign-in pages stay small.
export function Providers({ catalogue, children }: { catalogue: Catalogue; children: ReactNode }) {
  return (
    <I18nProvider catalogue={catalogue}>
      <ToastProvider>
        <SessionProvider>{children}</SessionProvider>
        <UpdatePrompt />
      </ToastProvider>
    </I18nProvider>
  );
}
