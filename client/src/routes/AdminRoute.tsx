import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { useLoaderData } from 'react-router-dom';
import type { AdminRouteQuery, AdminRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { ModerationConsole } from '#client/features/moderation/ModerationConsole.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

export const ADMIN_ROUTE_QUERY: TypedDocumentNode<AdminRouteQuery, AdminRouteQueryVariables> = gql`
  query AdminRouteQuery {
    me {
      id
      role
    }
  }
`;

export function loader() {
  return { queryRef: getPreloader()(ADMIN_ROUTE_QUERY) };
}

export function AdminRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Admin queryRef={queryRef} />;
}

// /admin: the moderation console for moderators and admins (the server refuses everyone else too).
function Admin({ queryRef }: { queryRef: QueryRef<AdminRouteQuery> }) {
  const { t } = useI18n();
  useDocumentTitle(t('moderation.title'));
  const { me } = useReadQuery(queryRef).data;
  const staff = me.role === 'MODERATOR' || me.role === 'ADMIN';
  return (
    <section className="flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">🛡️ {t('moderation.title')}</h1>
        <p className="text-ink-300">{t('moderation.subtitle')}</p>
      </div>
      {staff ? <ModerationConsole /> : <EmptyState emoji="🔒" title={t('moderation.forbidden')} />}
    </section>
  );
}
