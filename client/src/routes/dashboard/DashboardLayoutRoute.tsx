import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { ApolloProvider, useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type {
  TokenBalanceChangedSubscription,
  TokenBalanceChangedSubscriptionVariables,
} from '#client/__generated__/graphql.ts';
import { getApolloClient } from '#client/app/apolloClient.ts';
import { reconnectSockets } from '#client/apollo/client.ts';
import { LoadingState } from '#client/app/LoadingState.tsx';
import { Drawer } from '#client/components/ui/Drawer.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useNextTask } from '#client/lib/useNextTask.ts';
import { clearPendingLocaleChoice, pendingLocaleChoice } from '#client/lib/i18n/locale.ts';
import { useUpdateSettingsMutation } from '#client/features/profile/useUpdateSettingsMutation.ts';
import { useApplyReferralCode } from '#client/features/tokens/useTokenMutations.ts';
import { useToast } from '#client/components/ui/Toast.tsx';
import { takeReferral } from '#client/lib/referral.ts';
import { signOutEverywhere } from '#client/features/auth/auth.ts';
import { sessionExpiredLoginPath } from '#client/features/auth/sessionEnd.ts';
import { useSession } from '#client/features/auth/SessionProvider.tsx';
import { DashboardHeader } from '#client/features/dashboard/DashboardHeader.tsx';
import { useDashboardMode } from '#client/features/dashboard/dashboardMode.ts';
import { DrawerContent } from '#client/features/dashboard/DrawerContent.tsx';
import { DashboardFrame } from '#client/features/dashboard/DashboardFrame.tsx';
import { DASHBOARD_SHELL_QUERY } from '#client/features/dashboard/shellQuery.ts';
import { NotificationBell } from '#client/features/notifications/NotificationBell.tsx';
import { useLiveNotifications } from '#client/features/notifications/useLiveNotifications.ts';
import { InboxButton } from '#client/features/messages/InboxButton.tsx';
import { useLiveInbox } from '#client/features/messages/useLiveInbox.ts';
import { CreateEventContext, useCreateEventDialog } from '#client/features/wizard/useCreateEventDialog.tsx';
import { LazyLocationPicker } from '#client/routes/dashboard/LazyLocationPicker.tsx';

export const TOKEN_BALANCE_CHANGED_SUBSCRIPTION: TypedDocumentNode<
  TokenBalanceChangedSubscription,
  TokenBalanceChangedSubscriptionVariables
> = gql`
  subscription TokenBalanceChangedSubscription {
    tokenBalanceChanged {
      balance
    }
  }
`;

export function DashboardLayoutRoute() {
  return (
    <ApolloProvider client={getApolloClient()}>
      <DashboardShell />
    </ApolloProvider>
  );
}

// Labels the server renders (categories, tags, time left, notification texts) follow the language:
// when it changes, the cache is dropped and what is on screen is read again in the new one.
function useRefetchOnLanguageChange() {
  const { locale } = useI18n();
  const client = useApolloClient();
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    reconnectSockets();
    void client.resetStore().catch(() => undefined);
  }, [locale, client]);
}

// The language lives on the account (e-mails use it too): a choice made on this device is saved to
// the account; otherwise the account's language is applied here (a new device, another browser).
function useLanguageOnAccount(accountLocale: string | null | undefined) {
  const { locale, setLocale } = useI18n();
  const { update } = useUpdateSettingsMutation();
  useEffect(() => {
    if (!accountLocale) return;
    const pending = pendingLocaleChoice();
    if (pending) {
      clearPendingLocaleChoice();
      if (pending !== accountLocale) void update({ locale: pending }).catch(() => undefined);
    } else if ((accountLocale === 'tr' || accountLocale === 'en') && accountLocale !== locale) {
      setLocale(accountLocale, { fromAccount: true });
    }
    // Runs when the account's language is known or changes, and after a choice on this device.
  }, [accountLocale, locale, setLocale, update]);
}

// A new account opened from an invitation link: name the referrer once (the code was kept at sign-up).
function useReferralFromLink(ready: boolean) {
  const { t } = useI18n();
  const toast = useToast();
  const { apply } = useApplyReferralCode();
  useEffect(() => {
    if (!ready) return;
    const code = takeReferral();
    if (!code) return;
    apply(code).then(
      (referrer) => toast.success(t('tokens.earn.applied', { name: referrer.displayName })),
      () => undefined,
    );
  }, [ready, apply, toast, t]);
}

function DashboardShell() {
  const { t } = useI18n();
  useRefetchOnLanguageChange();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  // Signed out elsewhere (another tab, expired refresh token): back to sign in; a refused refresh
  // token says why there and comes back here afterwards (ADR 060).
  useEffect(() => {
    if (session.status !== 'anonymous') return;
    const expired = sessionExpiredLoginPath();
    // A full load, as the API client's own redirect: one sign-in page, not an in-app one replaced.
    if (expired) window.location.replace(expired);
    else void navigate('/login', { replace: true });
  }, [session.status, navigate]);

  const { data } = useQuery(DASHBOARD_SHELL_QUERY);
  const me = data?.me ?? null;
  useLanguageOnAccount(me?.locale);
  useReferralFromLink(me !== null);

  // Live updates start in the task after the account arrives, apart from the page's first render.
  const live = useNextTask(me !== null);
  // The badges: unread notifications (the bell), requests waiting for the host (My Events) and unread
  // messages (the inbox), as the shell's query read them; the live hooks keep them current.
  const counts = {
    unread: data?.unreadNotificationCount ?? 0,
    hostPending: data?.hostPendingRequestCount ?? 0,
  };
  const unreadMessages = data?.unreadMessageCount ?? 0;
  const navBadges = { '/dashboard/my-events': counts.hostPending, '/dashboard/inbox': unreadMessages };
  const staff = me?.role === 'MODERATOR' || me?.role === 'ADMIN';

  // ?create=1 opens the create-event dialog (?create=online in online mode); deep links use it.
  const clearCreateParam = useCallback(() => {
    setSearchParams(
      (params) => {
        params.delete('create');
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  const mapCenter = me?.mapCenter;
  const createDialog = useCreateEventDialog({
    balance: me?.tokenBalance ?? null,
    onClose: clearCreateParam,
    LocationPicker: LazyLocationPicker,
    mapCenter: mapCenter ? { lat: mapCenter.lat, lng: mapCenter.lng } : null,
  });
  const createParam = searchParams.get('create');
  const { open: openCreate } = createDialog;
  // Once per navigation: closing removes the parameter a moment later, which must not reopen it.
  const handledCreate = useRef<string | null>(null);
  useEffect(() => {
    if ((createParam === '1' || createParam === 'online') && handledCreate.current !== location.key) {
      handledCreate.current = location.key;
      openCreate(createParam === 'online' ? { mode: 'ONLINE' } : {});
    }
  }, [createParam, location.key, openCreate]);

  // The header's and the drawer's Create Event: online mode when the user is in the online lobby
  // (or on a page reached from it).
  const dashboardMode = useDashboardMode();
  const onCreateEvent = () => {
    setDrawerOpen(false);
    openCreate(dashboardMode === 'online' ? { mode: 'ONLINE' } : {});
  };

  const onLogout = async () => {
    setLoggingOut(true);
    await signOutEverywhere();
    window.location.assign('/');
  };

  return (
    <div className="flex min-h-screen flex-col">
      <DashboardFrame
        header={
          <DashboardHeader
            user={me}
            onOpenMenu={() => setDrawerOpen(true)}
            onCreateEvent={onCreateEvent}
            bell={<NotificationBell unread={counts.unread} />}
            inbox={<InboxButton unread={unreadMessages} />}
            pendingRequests={counts.hostPending}
          />
        }
        navBadges={navBadges}
        staff={staff}
        onLogout={() => void onLogout()}
        loggingOut={loggingOut}
      >
        <CreateEventContext value={openCreate}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </CreateEventContext>
      </DashboardFrame>
      <Drawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        label={t('nav.mainMenu')}
        closeLabel={t('nav.closeMenu')}
      >
        <DrawerContent
          user={me ? { ...me, email: me.email ?? session.user?.email ?? null } : null}
          onNavigate={() => setDrawerOpen(false)}
          onCreateEvent={onCreateEvent}
          onLogout={onLogout}
          loggingOut={loggingOut}
          navBadges={navBadges}
          staff={staff}
        />
      </Drawer>
      {createDialog.element}
      {live && me ? <LiveUpdates viewerId={me.id} /> : null}
    </div>
  );
}

// The live pushes, each in a component of its own, started one task after the other: starting them
// together (queries, subscriptions, the socket) was one long task on a phone (ADR 050). They render
// nothing: they update the cache, which the badges read, and show toasts.
function LiveUpdates({ viewerId }: { viewerId: string }) {
  const notifications = useNextTask(true);
  const inbox = useNextTask(notifications);
  return (
    <>
      <LiveBalance viewerId={viewerId} />
      {notifications ? <LiveNotifications /> : null}
      {inbox ? <LiveInbox viewerId={viewerId} /> : null}
    </>
  );
}

// The live balance: each change updates the cached User.tokenBalance, so every screen shows it.
function LiveBalance({ viewerId }: { viewerId: string }) {
  useSubscription(TOKEN_BALANCE_CHANGED_SUBSCRIPTION, {
    onData: ({ client, data: result }) => {
      const balance = result.data?.tokenBalanceChanged.balance;
      if (balance == null) return;
      client.cache.modify({
        id: client.cache.identify({ __typename: 'User', id: viewerId }),
        fields: { tokenBalance: () => balance },
      });
    },
  });
  return null;
}

function LiveNotifications() {
  useLiveNotifications();
  return null;
}

function LiveInbox({ viewerId }: { viewerId: string }) {
  useLiveInbox(viewerId);
  return null;
}
