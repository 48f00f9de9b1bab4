import { useEffect, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { SettingsRouteQuery, SettingsRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { deleteIdentityAndSignOut, signOutEverywhere } from '#client/features/auth/auth.ts';
import { ChangePasswordForm } from '#client/features/auth/ChangePasswordForm.tsx';
import { LanguageSwitch } from '#client/features/auth/LanguageSwitch.tsx';
import { DataExportCard } from '#client/features/profile/DataExportCard.tsx';
import { DeleteAccountCard } from '#client/features/profile/DeleteAccountCard.tsx';
import { NotificationSettings } from '#client/features/profile/NotificationSettings.tsx';
import { ChannelSettings } from '#client/features/profile/ChannelSettings.tsx';
import { PushDeviceControl } from '#client/features/profile/PushDeviceControl.tsx';
import { CalendarFeedCard } from '#client/features/profile/CalendarFeedCard.tsx';
import { BlockedUsersList } from '#client/features/safety/BlockedUsersList.tsx';
import { TrustedContactsCard } from '#client/features/safety/TrustedContactsCard.tsx';
import { AccountStanding } from '#client/features/moderation/AccountStanding.tsx';

export const SETTINGS_ROUTE_QUERY: TypedDocumentNode<SettingsRouteQuery, SettingsRouteQueryVariables> = gql`
  query SettingsRouteQuery {
    me {
      id
      displayName
      username
      email
      createdAt
      locale
      notificationPreferences {
        emailJoinRequests
        emailDecisions
        emailMessages
        emailEventChanges
        inAppReminders
        emailReminders
        pushReminders
        inAppWaitlist
        emailWaitlist
        pushWaitlist
      }
      calendarFeedUrl
    }
  }
`;

export function loader() {
  return { queryRef: getPreloader()(SETTINGS_ROUTE_QUERY) };
}

export function SettingsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Settings queryRef={queryRef} />;
}

function Section({
  title,
  children,
  testId,
  id,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
  id?: string;
}) {
  return (
    <Card className="flex scroll-mt-24 flex-col gap-3" data-testid={testId} id={id}>
      <h2 className="text-lg font-bold text-white">{title}</h2>
      {children}
    </Card>
  );
}

// /dashboard/settings: account, password, language (kept on the account), e-mail notifications,
// blocked users, session, and deleting the account.
function Settings({ queryRef }: { queryRef: QueryRef<SettingsRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('settings.title'));
  const { me } = useReadQuery(queryRef).data;
  const [loggingOut, setLoggingOut] = useState(false);
  // Moderation notifications lead to #standing: the section comes into view.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const rows = [
    { label: t('settings.email'), value: me.email ?? '—' },
    { label: t('settings.username'), value: me.username ? `@${me.username}` : t('profile.noUsername') },
    { label: t('settings.memberSince'), value: fmt.date(String(me.createdAt)) },
  ];

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('settings.title')}</h1>
      <Section title={t('settings.account')}>
        <dl className="divide-y divide-ink-700">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between">
              <dt className="text-sm text-ink-300">{row.label}</dt>
              <dd className="font-medium break-all text-white">{row.value}</dd>
            </div>
          ))}
        </dl>
        <Link to="/dashboard/profile?tab=settings" className={buttonClasses('outline', 'sm', 'self-start')}>
          ✏️ {t('settings.editProfile')}
        </Link>
      </Section>
      <Section title={t('settings.password.title')}>
        <ChangePasswordForm />
      </Section>
      <Section title={t('settings.preferences')}>
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-ink-300">{t('settings.languageHint')}</p>
          <LanguageSwitch />
        </div>
      </Section>
      <Section title={t('settings.notifications.title')} testId="notification-settings">
        {me.notificationPreferences ? (
          <NotificationSettings preferences={me.notificationPreferences} />
        ) : null}
      </Section>
      <Section title={t('channels.title')} testId="channel-settings" id="reminders">
        <PushDeviceControl />
        {me.notificationPreferences ? <ChannelSettings preferences={me.notificationPreferences} /> : null}
      </Section>
      <Section title={t('feed.title')} testId="calendar-feed" id="calendar">
        {me.calendarFeedUrl ? <CalendarFeedCard url={me.calendarFeedUrl} /> : null}
      </Section>
      <Section title={t('standing.title')} testId="standing-settings" id="standing">
        <AccountStanding />
      </Section>
      <Section title={t('trusted.title')} testId="trusted-contacts" id="trusted-contacts">
        <TrustedContactsCard />
      </Section>
      <Section title={t('settings.blocked.title')}>
        <BlockedUsersList />
      </Section>
      <Section title={t('settings.export.title')} testId="data-export" id="data">
        <DataExportCard />
      </Section>
      <Section title={t('settings.session')}>
        <p className="text-sm text-ink-300">{t('settings.logoutHint')}</p>
        <Button
          variant="danger"
          className="self-start"
          loading={loggingOut}
          onClick={async () => {
            setLoggingOut(true);
            await signOutEverywhere();
            window.location.assign('/');
          }}
        >
          {t('nav.logout')}
        </Button>
      </Section>
      <DeleteAccountCard
        onDeleted={async () => {
          await deleteIdentityAndSignOut();
          window.location.assign('/');
        }}
      />
    </section>
  );
}
