import '#client/app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { loadConfig } from '#client/lib/config.ts';
import { loadCatalogue } from '#client/lib/i18n/catalogue.ts';
import { getLocale } from '#client/lib/i18n/locale.ts';
import { BootError } from '#client/app/BootError.tsx';
import { LoadingState } from '#client/app/LoadingState.tsx';
import { Providers } from '#client/app/Providers.tsx';
import { createRouter } from '#client/app/router.tsx';
import { registerServiceWorker } from '#client/app/serviceWorker.ts';

const root = createRoot(document.getElementById('root')!);
root.render(<LoadingState />);

// The runtime config (identity endpoints, map tiles) and the active language's messages are read
// together, once, before anything renders.
async function boot(): Promise<void> {
  let catalogue;
  try {
    [, catalogue] = await Promise.all([loadConfig(), loadCatalogue(getLocale())]);
  } catch (error) {
    console.error(error);
    root.render(<BootError onRetry={() => void boot()} />);
    return;
  }
  const router = createRouter();
  root.render(
    <StrictMode>
      <Providers catalogue={catalogue}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
registerServiceWorker();
