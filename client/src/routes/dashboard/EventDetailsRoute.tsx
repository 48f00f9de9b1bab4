import { useEffect, useState, type ReactNode } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useReadQuery, useSubscription, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  EventDetailsChangedSubscription,
  EventDetailsChangedSubscriptionVariables,
  EventDetailsRouteQuery,
  EventDetailsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { refetchActive } from '#client/apollo/refetchActive.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Tabs, type TabItem } from '#client/components/ui/Tabs.tsx';
import { rememberDashboardMode } from '#client/features/dashboard/dashboardMode.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { ANALYTICS_PANEL_FRAGMENT, AnalyticsPanel } from '#client/features/events/details/AnalyticsPanel.tsx';
import { CancelEventDialog } from '#client/features/events/details/CancelEventDialog.tsx';
import { RequestsPanel } from '#client/features/events/details/RequestsPanel.tsx';
import { SaveButton } from '#client/features/events/details/SaveButton.tsx';
import { ShareDialog } from '#client/features/events/details/ShareDialog.tsx';
import { useRecordEventView } from '#client/features/events/details/useEventActivity.ts';
import { UserProfileDialog } from '#client/features/events/details/UserProfileDialog.tsx';
import {
  EVENT_PLACE_FRAGMENT,
  EVENT_ROSTER_FRAGMENT,
} from '#client/features/events/details/rosterFragment.ts';
import { EventNotFound } from '#client/features/events/EventNotFound.tsx';
import { EventStatusBadge } from '#client/features/events/EventStatusBadge.tsx';
import { priceText, ratingText, SKILL_CLASSES } from '#client/features/events/format.ts';
import { categoryLabel } from '#client/features/events/labels.ts';
import { useJoinRequestDialog } from '#client/features/events/join/JoinRequestDialog.tsx';
import { JoinStatusPanel } from '#client/features/events/join/JoinStatusPanel.tsx';
import { JOIN_STATUS_PANEL_FRAGMENT } from '#client/features/events/join/joinStatusFragment.ts';
import { MessageDialog, type MessageTarget } from '#client/features/events/messages/MessageDialog.tsx';
import { RatingCard } from '#client/features/events/rating/RatingCard.tsx';
import { RATING_CARD_FRAGMENT } from '#client/features/events/rating/ratingCardFragment.ts';

export const EVENT_DETAILS_ROUTE_QUERY: TypedDocumentNode<
  EventDetailsRouteQuery,
  EventDetailsRouteQueryVariables
> = gql`
  query EventDetailsRouteQuery($id: ID!) {
    event(id: $id) {
      id
      mode
      title
      description
      category
      tags
      startsAt
      endsAt
      durationMinutes
      status
      viewerRole
      maxParticipants
      participantCount
      freeSlots
      publicLocation
      platform
      price
      requirements
      skillLevel
      voiceChat
      language
      timeLeft
      saveCount
      averageRating
      feedbackCount
      viewerHasSaved
      pendingRequestCount
      cancelledAt
      ...EventPlace_event
      host {
        id
        displayName
        username
        avatarUrl
        stats {
          averageRating
          eventsHosted
        }
      }
      ...EventRoster_event
      analytics {
        ...AnalyticsPanel_analytics
      }
      ...JoinStatusPanel_event
      ...RatingCard_event
    }
  }
  ${ANALYTICS_PANEL_FRAGMENT}
  ${JOIN_STATUS_PANEL_FRAGMENT}
  ${RATING_CARD_FRAGMENT}
  ${EVENT_ROSTER_FRAGMENT}
  ${EVENT_PLACE_FRAGMENT}
`;

// Live: participants, counts, status and the viewer's own request, written into the cached event.
export const EVENT_DETAILS_CHANGED_SUBSCRIPTION: TypedDocumentNode<
  EventDetailsChangedSubscription,
  EventDetailsChangedSubscriptionVariables
> = gql`
  subscription EventDetailsChangedSubscription($id: ID!) {
    eventChanged(id: $id) {
      ...JoinStatusPanel_event
      participantCount
      pendingRequestCount
      cancelledAt
      timeLeft
      ...EventPlace_event
      ...EventRoster_event
    }
  }
  ${JOIN_STATUS_PANEL_FRAGMENT}
  ${EVENT_ROSTER_FRAGMENT}
  ${EVENT_PLACE_FRAGMENT}
`;

export function loader({ params }: LoaderFunctionArgs) {
  return { queryRef: getPreloader()(EVENT_DETAILS_ROUTE_QUERY, { variables: { id: params.id ?? '' } }) };
}

export function EventDetailsRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <EventDetails queryRef={queryRef} />;
}

type Event = NonNullable<EventDetailsRouteQuery['event']>;

function EventDetails({ queryRef }: { queryRef: QueryRef<EventDetailsRouteQuery> }) {
  const { t } = useI18n();
  const { event } = useReadQuery(queryRef).data;
  useDocumentTitle(event?.title ?? t('eventDetails.notFound'));
  useRecordEventView(event?.id ?? null);
  if (!event) return <EventNotFound />;
  return <EventPage event={event} />;
}

function EventPage({ event }: { event: Event }) {
  const { t, fmt, locale } = useI18n();
  const [tab, setTab] = useState('overview');
  const [shareOpen, setShareOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [messageTarget, setMessageTarget] = useState<MessageTarget | null>(null);
  const joinDialog = useJoinRequestDialog();
  // Host only (null for everyone else).
  const pendingCount = event.pendingRequestCount;

  const isHost = event.viewerRole === 'HOST';
  useSubscription(EVENT_DETAILS_CHANGED_SUBSCRIPTION, {
    variables: { id: event.id },
    // A withdrawn request changes the host's list: read it again when the tab is open.
    onData: ({ client }) => {
      if (isHost) refetchActive(client, ['RequestsPanelQuery']);
    },
  });
  // The host writes to a requester or participant; everyone else writes to the host.
  const messageUser = (user: { id: string; displayName: string }) =>
    setMessageTarget({ eventId: event.id, withUserId: user.id, name: user.displayName });
  const messageHost = () =>
    setMessageTarget({ eventId: event.id, withUserId: null, name: event.host.displayName });
  const upcoming = event.status === 'UPCOMING';
  const backTo = event.mode === 'ONLINE' ? '/dashboard/online' : '/dashboard/physical';
  // The header's toggle and Create Event follow the kind of event on screen.
  useEffect(() => rememberDashboardMode(event.mode === 'ONLINE' ? 'online' : 'physical'), [event.mode]);

  const place =
    event.mode === 'ONLINE'
      ? { label: t('eventDetails.platform'), value: event.platform ?? '—' }
      : {
          label: t('eventDetails.location'),
          value:
            event.location?.exact && (event.location.name || event.location.address)
              ? [event.location.name, event.location.address].filter(Boolean).join(' · ')
              : (event.publicLocation ?? '—'),
        };
  const facts: { label: string; value: ReactNode; testId?: string }[] = [
    { label: t('eventDetails.date'), value: fmt.date(event.startsAt) },
    { label: t('eventDetails.time'), value: `${fmt.time(event.startsAt)} – ${fmt.time(event.endsAt)}` },
    { label: place.label, value: place.value, testId: 'event-place' },
    {
      label: t('details.participantCount'),
      value: `${event.participantCount}/${event.maxParticipants}`,
      testId: 'event-participants',
    },
    { label: t('details.timeLeft'), value: event.timeLeft },
    { label: t('eventDetails.price'), value: priceText(event.price, fmt, t('events.free')) },
  ];

  const tabs: TabItem[] = [
    { id: 'overview', label: t('details.tab.overview'), content: <Overview event={event} /> },
    {
      id: 'participants',
      label: t('details.tab.participants', { count: event.participantCount }),
      content: <Participants event={event} onOpen={setProfileId} />,
    },
  ];
  if (isHost) {
    tabs.push({
      id: 'requests',
      label:
        pendingCount == null
          ? t('details.tab.requestsNoCount')
          : t('details.tab.requests', { count: pendingCount }),
      content: <RequestsPanel eventId={event.id} onOpenProfile={setProfileId} onMessage={messageUser} />,
    });
    if (event.analytics)
      tabs.push({
        id: 'analytics',
        label: t('details.tab.analytics'),
        content: <AnalyticsPanel analytics={event.analytics} />,
      });
  }

  return (
    <section className="flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={backTo} className={buttonClasses('ghost', 'sm')}>
          ← {t('eventDetails.back')}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <SaveButton eventId={event.id} saveCount={event.saveCount} saved={event.viewerHasSaved} />
          <Button variant="outline" size="sm" onClick={() => setShareOpen(true)}>
            <span aria-hidden="true">↗</span>
            {t('details.share')}
          </Button>
          {upcoming && isHost ? (
            <>
              <Link to={`/dashboard/editEvent/${event.id}`} className={buttonClasses('outline', 'sm')}>
                ✏️ {t('eventDetails.edit')}
              </Link>
              <Button variant="ghost" size="sm" className="text-rose-300" onClick={() => setCancelOpen(true)}>
                {t('details.cancelEvent')}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      <Card className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="accent">
            {event.mode === 'ONLINE' ? '🎮' : '📍'} {categoryLabel(event.category, locale)}
          </Badge>
          <EventStatusBadge status={event.status} />
        </div>
        <h1 className="text-2xl font-extrabold break-words text-white sm:text-3xl">{event.title}</h1>
        <p className="whitespace-pre-line text-ink-200">{event.description}</p>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="min-w-0 rounded-xl bg-ink-800 p-3">
              <dt className="text-xs text-ink-300">{fact.label}</dt>
              <dd className="font-semibold break-words text-white" data-testid={fact.testId}>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
        {event.mode === 'PHYSICAL' && !event.location?.exact ? (
          <p className="text-sm text-ink-300">🔒 {t('eventDetails.approxLocation')}</p>
        ) : null}
        {isHost ? null : (
          <JoinStatusPanel
            event={event}
            onJoin={() => joinDialog.open(event.id)}
            onMessageHost={messageHost}
          />
        )}
        <div className="flex items-center gap-3 border-t border-ink-700 pt-4">
          <Avatar name={event.host.displayName} url={event.host.avatarUrl} />
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-white">
              {t('details.host')}: {event.host.displayName}
            </p>
            <p className="text-ink-300">
              {event.host.username ? `@${event.host.username} · ` : ''}★{' '}
              {ratingText(event.host.stats.averageRating, fmt)}
            </p>
          </div>
        </div>
      </Card>

      <Tabs
        items={tabs}
        value={tabs.some((x) => x.id === tab) ? tab : 'overview'}
        onValueChange={setTab}
        label={t('details.tabs')}
      />

      <ShareDialog open={shareOpen} onOpenChange={setShareOpen} eventId={event.id} title={event.title} />
      {isHost ? (
        <CancelEventDialog eventId={event.id} open={cancelOpen} onOpenChange={setCancelOpen} />
      ) : null}
      <UserProfileDialog
        userId={profileId}
        eventId={event.id}
        onClose={() => setProfileId(null)}
        onMessage={isHost && profileId !== event.host.id ? messageUser : undefined}
      />
      <MessageDialog target={messageTarget} onClose={() => setMessageTarget(null)} />
      {joinDialog.element}
    </section>
  );
}

function Overview({ event }: { event: Event }) {
  const { t, fmt } = useI18n();
  const online = event.mode === 'ONLINE';
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Card className="flex flex-col gap-3">
        <h2 className="text-base font-bold text-white">{t('details.requirements')}</h2>
        <dl className="flex flex-col gap-2 text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="text-ink-300">{t('details.skillLevel')}</dt>
            <dd>
              {event.skillLevel ? (
                <span
                  className={cn(
                    'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                    SKILL_CLASSES[event.skillLevel],
                  )}
                >
                  {t(`skill.${event.skillLevel}`)}
                </span>
              ) : (
                <span className="text-ink-300">—</span>
              )}
            </dd>
          </div>
          {online && event.voiceChat === 'REQUIRED' ? (
            <div className="flex items-center justify-between gap-3">
              <dt className="text-ink-300">{t('details.voiceChat')}</dt>
              <dd>
                <Badge tone="warning">🎙️ {t('details.voiceRequired')}</Badge>
              </dd>
            </div>
          ) : null}
          {online ? (
            <div className="flex items-center justify-between gap-3">
              <dt className="text-ink-300">{t('details.language')}</dt>
              <dd className="text-white">{event.language === 'en' ? 'English' : 'Türkçe'}</dd>
            </div>
          ) : null}
        </dl>
        <p className="text-sm whitespace-pre-line text-ink-200">
          {event.requirements || t('details.noRequirements')}
        </p>
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-base font-bold text-white">{t('details.tags')}</h2>
        {event.tags.length ? (
          <div className="flex flex-wrap gap-1.5">
            {event.tags.map((tag) => (
              <Badge key={tag} tone="accent">
                #{tag}
              </Badge>
            ))}
          </div>
        ) : (
          <p className="text-sm text-ink-300">{t('details.noTags')}</p>
        )}
      </Card>
      {event.status === 'COMPLETED' ? (
        <Card className="flex flex-col gap-3 md:col-span-2" data-testid="event-results">
          <h2 className="text-base font-bold text-white">{t('details.results')}</h2>
          <dl className="grid grid-cols-3 gap-3 text-center">
            {/* Unrated events say N/A rather than a made-up number. */}
            {[
              [
                t('details.avgRating'),
                event.averageRating == null ? t('details.na') : `★ ${ratingText(event.averageRating, fmt)}`,
              ],
              [t('details.feedback'), fmt.number(event.feedbackCount)],
              [t('details.participantCount'), fmt.number(event.participantCount)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-ink-800 p-3">
                <dd className="text-xl font-black text-white">{value}</dd>
                <dt className="text-xs text-ink-300">{label}</dt>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      <RatingCard event={event} className="md:col-span-2" />
    </div>
  );
}

function Participants({ event, onOpen }: { event: Event; onOpen: (userId: string) => void }) {
  const { t, fmt } = useI18n();
  if (event.participants.length === 0)
    return <EmptyState emoji="👥" title={t('eventDetails.noParticipants')} />;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="participants-list">
      {event.participants.map(({ user }) => (
        <li key={user.id}>
          <button
            type="button"
            onClick={() => onOpen(user.id)}
            className="flex w-full items-center gap-3 rounded-xl border border-ink-700 bg-ink-850/80 p-3 text-left transition hover:border-accent-400"
          >
            <Avatar name={user.displayName} url={user.avatarUrl} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-white">{user.displayName}</span>
              <span className="block truncate text-sm text-ink-300">
                {user.username ? `@${user.username}` : ''}
              </span>
            </span>
            <span className="text-sm text-amber-300">★ {ratingText(user.stats.averageRating, fmt)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
