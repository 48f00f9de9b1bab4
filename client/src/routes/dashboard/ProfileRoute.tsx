import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import type { ProfileRouteQuery, ProfileRouteQueryVariables } from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Tabs } from '#client/components/ui/Tabs.tsx';
import { ratingText } from '#client/lib/format.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { ActivityList } from '#client/components/ui/ActivityList.tsx';
import { AvatarUploader } from '#client/features/profile/AvatarUploader.tsx';
import { BadgeShelf } from '#client/features/profile/BadgeShelf.tsx';
import { InterestsEditor } from '#client/features/profile/InterestsEditor.tsx';
import { ProfileHeader } from '#client/features/profile/ProfileHeader.tsx';
import { PROFILE_USER_FRAGMENT } from '#client/features/profile/profileFragments.ts';
import { ProfileSettingsForm } from '#client/features/profile/ProfileSettingsForm.tsx';
import { LazyLocationPicker } from '#client/routes/dashboard/LazyLocationPicker.tsx';

export const PROFILE_ROUTE_QUERY: TypedDocumentNode<ProfileRouteQuery, ProfileRouteQueryVariables> = gql`
  query ProfileRouteQuery {
    me {
      ...ProfileUser_user
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
      hostRating {
        average
        count
      }
      activity(first: 100) {
        type
        event {
          id
          title
          participantCount
          maxParticipants
          startsAt
          status
        }
      }
    }
    badgeCatalog {
      id
      name
      description
      icon
    }
    profileLimits {
      displayNameMax
      usernameMax
      bioMax
      interestsMax
      avatarMaxBytes
    }
    eventCatalog {
      physical {
        id
        label
        tags {
          id
          label
        }
      }
      online {
        id
        label
        tags {
          id
          label
        }
      }
    }
  }
  ${PROFILE_USER_FRAGMENT}
`;

const TABS = ['overview', 'events', 'badges', 'settings'] as const;
type Tab = (typeof TABS)[number];
const RECENT = 3;

export function loader() {
  return { queryRef: getPreloader()(PROFILE_ROUTE_QUERY) };
}

// The profile could not be read: the spec's text, and a way to try again.
export function ProfileRouteError() {
  const { t } = useI18n();
  return (
    <EmptyState
      emoji="😵"
      title={t('profile.loadFailed')}
      action={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    />
  );
}

export function ProfileRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <Profile queryRef={queryRef} />;
}

function Profile({ queryRef }: { queryRef: QueryRef<ProfileRouteQuery> }) {
  const { t, fmt } = useI18n();
  useDocumentTitle(t('profile.title'));
  const { me, badgeCatalog, profileLimits, eventCatalog } = useReadQuery(queryRef).data;
  // The tab lives in the URL (?tab=settings), so "edit" links and the back button work.
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'overview';
  const setTab = (next: string) =>
    setParams(
      (p) => {
        if (next === 'overview') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  const activity = me.activity ?? [];

  const overview = (
    <div className="flex flex-col gap-6">
      <Card>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-bold text-white">{t('profile.about')}</h2>
          <button
            type="button"
            onClick={() => setTab('settings')}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-accent-300 hover:bg-ink-800"
          >
            ✏️ {t('profile.editAbout')}
          </button>
        </div>
        <p className="mt-2 whitespace-pre-line text-ink-200" data-testid="profile-bio">
          {me.bio || t('profile.noBio')}
        </p>
      </Card>
      <Card>
        <h2 className="text-lg font-bold text-white">{t('profile.recent')}</h2>
        <ActivityList items={activity.slice(0, RECENT)} empty={t('profile.noActivity')} />
      </Card>
    </div>
  );

  return (
    <section className="flex flex-col gap-6">
      <ProfileHeader
        user={me}
        avatar={
          <AvatarUploader
            name={me.displayName}
            url={me.largeAvatarUrl}
            maxBytes={profileLimits.avatarMaxBytes}
          />
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Tabs
            label={t('profile.sections')}
            value={tab}
            onValueChange={setTab}
            items={[
              { id: 'overview', label: t('profile.tab.overview'), content: overview },
              {
                id: 'events',
                label: t('profile.tab.events'),
                content: (
                  <Card>
                    <h2 className="text-lg font-bold text-white">{t('profile.events.title')}</h2>
                    <ActivityList items={activity} empty={t('profile.noActivity')} />
                  </Card>
                ),
              },
              {
                id: 'badges',
                label: t('profile.tab.badges'),
                content: <BadgeShelf earned={me.badges} catalog={badgeCatalog} />,
              },
              {
                id: 'settings',
                label: t('profile.tab.settings'),
                content: (
                  <ProfileSettingsForm user={me} limits={profileLimits} LocationPicker={LazyLocationPicker} />
                ),
              },
            ]}
          />
        </div>
        <aside className="flex flex-col gap-6">
          <Card>
            <h2 className="text-sm font-semibold text-ink-300">{t('profile.tokenCard')}</h2>
            <p className="mt-1 text-3xl font-black text-amber-200">🪙 {fmt.number(me.tokenBalance ?? 0)}</p>
            <p className="text-xs text-ink-300">{t('profile.tokenHint')}</p>
            <Link to="/dashboard/tokens" className={buttonClasses('primary', 'sm', 'mt-3 w-full')}>
              {t('profile.buyTokens')}
            </Link>
          </Card>
          <Card>
            <h2 className="text-lg font-bold text-white">{t('profile.statsCard')}</h2>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              {[
                [t('profile.stats.hosted'), fmt.number(me.stats.eventsHosted)],
                [t('profile.stats.joined'), fmt.number(me.stats.eventsJoined)],
                [t('profile.stats.participants'), fmt.number(me.stats.totalParticipants)],
                [
                  t('profile.stats.rating'),
                  me.stats.averageRating == null
                    ? t('profile.stats.noRating')
                    : `★ ${ratingText(me.stats.averageRating, fmt)}`,
                ],
              ].map(([label, value]) => (
                <div key={label} className="flex flex-col-reverse rounded-xl bg-ink-800 p-3">
                  <dt className="text-xs text-ink-300">{label}</dt>
                  <dd className="text-xl font-black text-white">{value}</dd>
                </div>
              ))}
            </dl>
            {me.hostRating.count > 0 ? (
              <p className="mt-2 text-xs text-ink-300">
                {t('profile.stats.ratingCount', { count: fmt.number(me.hostRating.count) })}
              </p>
            ) : null}
          </Card>
          <InterestsEditor
            key={me.interests.map((i) => i.id).join(',')}
            interests={me.interests}
            catalog={eventCatalog}
            max={profileLimits.interestsMax}
          />
        </aside>
      </div>
    </section>
  );
}
