import '#client/app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { loadConfig } from '#client/lib/config.ts';
import { BootError } from '#client/app/BootError.tsx';
import { LoadingState } from '#client/app/LoadingState.tsx';
import { Providers } from '#client/app/Providers.tsx';
import { createRouter } from '#client/app/router.tsx';
import { registerServiceWorker } from '#client/app/serviceWorker.ts';

const root = createRoot(document.getElementById('root')!);
root.render(<LoadingState />);

// The runtime config (identity endpoints, map tiles) is read once before anything renders.
async function boot(): Promise<void> {
  try {
    await loadConfig();
  } catch (error) {
    console.error(error);
    root.render(<BootError onRetry={() => void boot()} />);
    return;
  }
  const router = createRouter();
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
registerServiceWorker();
