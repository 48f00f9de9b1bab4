import { useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData } from 'react-router-dom';
import type { SettingsRouteQuery, SettingsRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { signOutEverywhere } from '#client/features/auth/auth.ts';
import { LanguageSwitch } from '#client/features/auth/LanguageSwitch.tsx';

export const SETTINGS_ROUTE_QUERY: TypedDocumentNode<SettingsRouteQuery, SettingsRouteQueryVariables> = gql`
  query SettingsRouteQuery {
    me {
      id
      displayName
      username
      email
      fullName
      createdAt
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

function Settings({ queryRef }: { queryRef: QueryRef<SettingsRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('settings.title'));
  const { me } = useReadQuery(queryRef).data;
  const [loggingOut, setLoggingOut] = useState(false);
  const rows = [
    { label: t('settings.displayName'), value: me.displayName },
    { label: t('settings.username'), value: me.username ? `@${me.username}` : t('profile.noUsername') },
    { label: t('settings.email'), value: me.email ?? '—' },
    { label: t('settings.fullName'), value: me.fullName ?? '—' },
    { label: t('settings.memberSince'), value: fmt.date(me.createdAt) },
  ];

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('settings.title')}</h1>
      <Card>
        <h2 className="text-lg font-bold text-white">{t('settings.account')}</h2>
        <dl className="mt-3 divide-y divide-ink-700">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between">
              <dt className="text-sm text-ink-300">{row.label}</dt>
              <dd className="font-medium break-all text-white">{row.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-bold text-white">{t('settings.preferences')}</h2>
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium text-white">{t('common.language')}</p>
            <p className="text-sm text-ink-300">{t('settings.languageHint')}</p>
          </div>
          <LanguageSwitch />
        </div>
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-bold text-white">{t('settings.session')}</h2>
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
      </Card>
    </section>
  );
}
