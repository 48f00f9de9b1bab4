import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { getAuth } from '#client/features/auth/auth.ts';
import { DashboardRouteError } from '#client/app/DashboardRouteError.tsx';
import { LoadingState } from '#client/app/LoadingState.tsx';
import { RootErrorBoundary } from '#client/app/RootErrorBoundary.tsx';
import { RootLayout } from '#client/app/RootLayout.tsx';
import { NotFoundRoute } from '#client/routes/NotFoundRoute.tsx';
import { rememberReturnTo, safeReturnTo } from '#client/features/auth/returnTo.ts';
import { sessionExpiredLoginPath } from '#client/features/auth/sessionEnd.ts';

// Dashboard pages need a session; without one the visitor goes to sign in, and comes back to the
// page they asked for afterwards (ADR 049). A session this tab saw refused (and the page reloaded before
// it could say so) goes to sign in with the reason and its own page (ADR 060).
function requireSession(args?: { request?: Request }) {
  if (getAuth().session.hasSession()) return null;
  const expired = sessionExpiredLoginPath();
  if (expired) throw redirect(expired);
  if (args?.request) {
    const url = new URL(args.request.url);
    rememberReturnTo(`${url.pathname}${url.search}`);
  }
  throw redirect('/login');
}

// The sign-in screen sends a visitor who already has a session straight to the dashboard (or to the
// page a ?returnTo= names); a signed-out visitor's ?returnTo= is remembered for after sign-in.
function skipIfSignedIn({ request }: { request: Request }) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'));
  if (getAuth().session.hasSession()) throw redirect(returnTo ?? '/dashboard/physical');
  rememberReturnTo(returnTo);
  return null;
}

// React Router runs parent and child loaders in parallel: each dashboard page loader checks the
// session itself, so no query leaves without a token.
function guarded<A, R>(loader: (args: A) => R) {
  return (args: A) => {
    requireSession(args as { request?: Request });
    return loader(args);
  };
}

const signIn = {
  loader: skipIfSignedIn,
  lazy: () => import('#client/routes/LoginRoute.tsx').then((m) => ({ Component: m.LoginRoute })),
};

const dashboardChildren: RouteObject[] = [
  { index: true, loader: () => redirect('/dashboard/physical') },
  {
    path: 'physical',
    lazy: () =>
      import('#client/routes/dashboard/PhysicalEventsRoute.tsx').then((m) => ({
        Component: m.PhysicalEventsRoute,
        loader: guarded(m.loader),
      })),
  },
  {
    path: 'online',
    lazy: () =>
      import('#client/routes/dashboard/OnlineEventsRoute.tsx').then((m) => ({
        Component: m.OnlineEventsRoute,
        loader: guarded(m.loader),
      })),
  },
  {
    path: 'profile',
    lazy: () =>
      import('#client/routes/dashboard/ProfileRoute.tsx').then((m) => ({
        Component: m.ProfileRoute,
        loader: guarded(m.loader),
        ErrorBoundary: m.ProfileRouteError,
      })),
  },
  {
    path: 'settings',
    lazy: () =>
      import('#client/routes/dashboard/SettingsRoute.tsx').then((m) => ({
        Component: m.SettingsRoute,
        loader: guarded(m.loader),
      })),
  },
  {
    path: 'my-events',
    lazy: () =>
      import('#client/routes/dashboard/MyEventsRoute.tsx').then((m) => ({
        Component: m.MyEventsRoute,
        loader: guarded(m.loader),
      })),
  },
  {
    path: 'eventDetails/:id',
    lazy: () =>
      import('#client/routes/dashboard/EventDetailsRoute.tsx').then((m) => ({
        Component: m.EventDetailsRoute,
        loader: guarded(m.loader),
      })),
  },
  {
    path: 'tokens',
    lazy: () =>
      import('#client/routes/dashboard/TokensRoute.tsx').then((m) => ({
        Component: m.TokensRoute,
        loader: guarded(m.loader),
      })),
  },
  {
    path: 'inbox',
    lazy: () =>
      import('#client/routes/dashboard/InboxRoute.tsx').then((m) => ({
        Component: m.InboxRoute,
        loader: guarded(m.loader),
        // Moving between conversations keeps the list as it is (live updates keep it current).
        shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
          !(
            currentUrl.pathname.startsWith('/dashboard/inbox') &&
            nextUrl.pathname.startsWith('/dashboard/inbox')
          ),
      })),
    children: [
      {
        index: true,
        lazy: () =>
          import('#client/routes/dashboard/InboxRoute.tsx').then((m) => ({ Component: m.InboxIndexRoute })),
      },
      {
        path: ':conversationId',
        lazy: () =>
          import('#client/routes/dashboard/ConversationRoute.tsx').then((m) => ({
            Component: m.ConversationRoute,
            loader: guarded(m.loader),
          })),
      },
    ],
  },
  {
    path: 'friends',
    lazy: () =>
      import('#client/routes/dashboard/FriendsRoute.tsx').then((m) => ({
        Component: m.FriendsRoute,
        loader: guarded(m.loader),
        // Switching tabs (?tab=) keeps the lists; friendship actions and notifications evict them.
        shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
          currentUrl.pathname !== nextUrl.pathname,
      })),
  },
  {
    path: 'editEvent/:id',
    lazy: () =>
      import('#client/routes/dashboard/EditEventRoute.tsx').then((m) => ({
        Component: m.EditEventRoute,
        loader: guarded(m.loader),
      })),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    hydrateFallbackElement: (
      <LoadingState className="flex min-h-screen items-center justify-center gap-3 text-ink-300" />
    ),
    children: [
      { path: '/', ...signIn },
      { path: '/login', ...signIn },
      {
        path: '/register',
        lazy: () => import('#client/routes/RegisterRoute.tsx').then((m) => ({ Component: m.RegisterRoute })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('#client/routes/ForgotPasswordRoute.tsx').then((m) => ({
            Component: m.ForgotPasswordRoute,
          })),
      },
      {
        path: '/verify',
        lazy: () => import('#client/routes/VerifyRoute.tsx').then((m) => ({ Component: m.VerifyRoute })),
      },
      {
        path: '/googleAuth',
        lazy: () =>
          import('#client/routes/GoogleAuthRoute.tsx').then((m) => ({ Component: m.GoogleAuthRoute })),
      },
      {
        path: '/terms',
        lazy: () => import('#client/routes/TermsRoute.tsx').then((m) => ({ Component: m.TermsRoute })),
      },
      {
        path: '/privacy',
        lazy: () => import('#client/routes/PrivacyRoute.tsx').then((m) => ({ Component: m.PrivacyRoute })),
      },
      // Where the API client sends a user whose session could not be renewed.
      // Its query (why, and the page to come back to) goes along.
      { path: '/auth/login', loader: ({ request }) => redirect(`/login${new URL(request.url).search}`) },
      // An event's public page, for signed-out visitors (ADR 049); signed in, the event page.
      // What a check-in QR code opens (ADR 049): the event page, which sends the code; through sign-in
      // first when needed (the dashboard's guard remembers where to come back to).
      {
        path: '/e/:id/checkin',
        loader: ({ params, request }) => {
          const code = new URL(request.url).searchParams.get('code') ?? '';
          return redirect(
            `/dashboard/eventDetails/${encodeURIComponent(params.id ?? '')}?checkin=${encodeURIComponent(code)}`,
          );
        },
      },
      // The safety kit's pages for trusted contacts, who have no account (ADR 068).
      {
        path: '/plan/:token',
        lazy: () =>
          import('#client/routes/PublicPlanRoute.tsx').then((m) => ({ Component: m.PublicPlanRoute })),
      },
      {
        path: '/safety/confirm/:token',
        lazy: () =>
          import('#client/routes/TrustedContactConfirmRoute.tsx').then((m) => ({
            Component: m.TrustedContactConfirmRoute,
          })),
      },
      {
        path: '/e/:id',
        lazy: () =>
          import('#client/routes/PublicEventRoute.tsx').then((m) => ({
            Component: m.PublicEventRoute,
            loader: m.loader,
          })),
      },
      {
        path: '/dashboard',
        loader: requireSession,
        lazy: () =>
          import('#client/routes/dashboard/DashboardLayoutRoute.tsx').then((m) => ({
            Component: m.DashboardLayoutRoute,
          })),
        // A pathless route so page errors render inside the shell.
        children: [{ errorElement: <DashboardRouteError />, children: dashboardChildren }],
      },
      // The moderation console, inside the dashboard's shell (ADR 039).
      {
        path: '/admin',
        loader: requireSession,
        lazy: () =>
          import('#client/routes/dashboard/DashboardLayoutRoute.tsx').then((m) => ({
            Component: m.DashboardLayoutRoute,
          })),
        children: [
          {
            errorElement: <DashboardRouteError />,
            children: [
              {
                index: true,
                lazy: () =>
                  import('#client/routes/AdminRoute.tsx').then((m) => ({
                    Component: m.AdminRoute,
                    loader: guarded(m.loader),
                  })),
              },
            ],
          },
        ],
      },
      // Where a suspended account lands: the reason, the end and the appeal.
      {
        path: '/suspended',
        lazy: () =>
          import('#client/routes/SuspendedRoute.tsx').then((m) => ({ Component: m.SuspendedRoute })),
      },
      // The 404 page is also the root error boundary's, so it ships with the entry.
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
