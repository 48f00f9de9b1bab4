import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData } from 'react-router-dom';
import type { ProfileRouteQuery, ProfileRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

export const PROFILE_ROUTE_QUERY: TypedDocumentNode<ProfileRouteQuery, ProfileRouteQueryVariables> = gql`
  query ProfileRouteQuery {
    me {
      id
      displayName
      username
      bio
      avatarUrl
      city
      district
      interests
      createdAt
      tokenBalance
      lastUsedIpLocation {
        city
        country
      }
      stats {
        eventsHosted
        eventsJoined
        totalParticipants
        averageRating
      }
      badges {
        id
        name
        description
        icon
        earnedAt
      }
    }
  }
`;

export function loader() {
  return { queryRef: getPreloader()(PROFILE_ROUTE_QUERY) };
}

export function ProfileRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Profile queryRef={queryRef} />;
}

function Profile({ queryRef }: { queryRef: QueryRef<ProfileRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('profile.title'));
  const { me } = useReadQuery(queryRef).data;
  const location =
    [me.district, me.city].filter(Boolean).join(', ') ||
    [me.lastUsedIpLocation?.city, me.lastUsedIpLocation?.country].filter(Boolean).join(', ');
  const stats = [
    { label: t('profile.stats.hosted'), value: fmt.number(me.stats.eventsHosted) },
    { label: t('profile.stats.joined'), value: fmt.number(me.stats.eventsJoined) },
    { label: t('profile.stats.participants'), value: fmt.number(me.stats.totalParticipants) },
    {
      label: t('profile.stats.rating'),
      value:
        me.stats.averageRating == null
          ? t('profile.stats.noRating')
          : `★ ${fmt.number(me.stats.averageRating, { maximumFractionDigits: 1 })}`,
    },
  ];
  return (
    <section className="flex flex-col gap-6">
      <Card className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar name={me.displayName} url={me.avatarUrl} className="size-24 text-2xl" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-extrabold text-white">{me.displayName}</h1>
          <p className="text-ink-300">{me.username ? `@${me.username}` : t('profile.noUsername')}</p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-300">
            {location ? <span>📍 {location}</span> : null}
            <span>🗓️ {t('profile.joined', { date: fmt.date(me.createdAt) })}</span>
          </p>
        </div>
        <Link to="/dashboard/settings" className={buttonClasses('outline', 'sm')}>
          ⚙️ {t('nav.settings')}
        </Link>
      </Card>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => (
          <Card key={stat.label} className="p-4">
            <dd className="text-2xl font-black text-white">{stat.value}</dd>
            <dt className="text-sm text-ink-300">{stat.label}</dt>
          </Card>
        ))}
      </dl>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card>
            <h2 className="text-lg font-bold text-white">{t('profile.about')}</h2>
            <p className="mt-2 whitespace-pre-line text-ink-200">{me.bio || t('profile.noBio')}</p>
          </Card>
          <Card>
            <h2 className="text-lg font-bold text-white">{t('profile.badges')}</h2>
            {me.badges.length === 0 ? (
              <p className="mt-2 text-ink-300">{t('profile.noBadges')}</p>
            ) : (
              <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
                {me.badges.map((badge) => (
                  <li key={badge.id} className="flex gap-3 rounded-xl bg-ink-800 p-3">
                    <span aria-hidden="true" className="text-2xl">
                      {badge.icon}
                    </span>
                    <div>
                      <p className="font-semibold text-white">{badge.name}</p>
                      <p className="text-sm text-ink-300">{badge.description}</p>
                      <p className="text-xs text-ink-300">{fmt.date(badge.earnedAt)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className="flex flex-col gap-6">
          <Card>
            <h2 className="text-sm font-semibold text-ink-300">{t('profile.tokenCard')}</h2>
            <p className="mt-1 text-3xl font-black text-amber-200">🪙 {fmt.number(me.tokenBalance ?? 0)}</p>
            <Link to="/dashboard/tokens" className={buttonClasses('primary', 'sm', 'mt-3 w-full')}>
              {t('nav.tokens')}
            </Link>
          </Card>
          <Card>
            <h2 className="text-lg font-bold text-white">{t('profile.interests')}</h2>
            {me.interests.length === 0 ? (
              <p className="mt-2 text-ink-300">{t('profile.noInterests')}</p>
            ) : (
              <div className="mt-3 flex flex-wrap gap-2">
                {me.interests.map((interest) => (
                  <Badge key={interest} tone="accent">
                    {interest}
                  </Badge>
                ))}
              </div>
            )}
          </Card>
        </div>
      </div>
    </section>
  );
}
