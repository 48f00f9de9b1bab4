import '#client/app/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { loadConfig } from '#client/lib/config.ts';
import { loadCatalogue } from '#client/lib/i18n/catalogue.ts';
import { getLocale } from '#client/lib/i18n/locale.ts';
import { BootError } from '#client/app/BootError.tsx';
import { firstScreenOf } from '#client/app/firstScreen.ts';
import { LoadingState } from '#client/app/LoadingState.tsx';
import { Providers } from '#client/app/Providers.tsx';
import { createRouter } from '#client/app/router.tsx';
import { registerServiceWorker } from '#client/app/serviceWorker.ts';

const container = document.getElementById('root')!;
// The page's first screen from the server (ADR 050) stays until the app can draw the page itself.
const firstScreen = firstScreenOf(container);
const root = createRoot(container);
if (!firstScreen) root.render(<LoadingState />);

// Resolves once the first navigation's route code and loaders are done (the router renders a
// loading fallback until then, which would replace the first screen with less).
function initialized(router: ReturnType<typeof createRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The physical dashboard's code, one piece per task (ADR 050, round 2): loading a route evaluates every
// module it needs that has not run yet in one task (on a phone, a third of a second for the dashboard's
// frame with Apollo's and the page's modules). Asked for leaves first, a task apart, each part runs in a
// task of its own while the first screen is on show; the router's own imports then find them done.
// The files are already on their way: the server preloads the page's chunks (ADR 044).
const WARM_UP = [
  () => import('@apollo/client/react'),
  () => import('#client/app/apolloClient.ts'),
  () => import('#client/features/dashboard/DashboardHeader.tsx'),
  () => import('#client/routes/dashboard/DashboardLayoutRoute.tsx'),
  () => import('#client/routes/dashboard/PhysicalEventsRoute.tsx'),
];
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
async function warmUp(): Promise<void> {
  for (const load of WARM_UP) {
    try {
      await load();
    } catch {
      return; // the router will load it again and show its own error
    }
    await nextTask();
  }
}

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
  if (firstScreen === 'physical') await warmUp();
  const router = createRouter();
  if (firstScreen) await initialized(router);
  // In the background (a transition): the first render of a page is the boot's largest piece of work,
  // and rendered this way it yields to the browser every few milliseconds instead of holding the
  // phone's main thread until it is done (what is on screen stays meanwhile; ADR 050).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers catalogue={catalogue}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

void boot();
registerServiceWorker();
