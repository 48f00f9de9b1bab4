import { useEffect, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useReadQuery, useSubscription, type QueryRef } from '@apollo/client/react';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  EventDetailsChangedSubscription,
  EventDetailsChangedSubscriptionVariables,
  EventDetailsRouteQuery,
  EventDetailsRouteQueryVariables,
} from '#client/__generated__/graphql.ts';
import { evictEventFields } from '#client/apollo/cacheEvictions.ts';
import { EVENT_PLACE_FRAGMENT, EVENT_ROSTER_FRAGMENT } from '#client/apollo/eventFragments.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { Tabs, type TabItem } from '#client/components/ui/Tabs.tsx';
import { rememberDashboardMode } from '#client/features/dashboard/dashboardMode.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { ANALYTICS_PANEL_FRAGMENT, AnalyticsPanel } from '#client/features/events/details/AnalyticsPanel.tsx';
import { EVENT_ACTIONS_FRAGMENT, EventActions } from '#client/features/events/details/EventActions.tsx';
import { EVENT_OVERVIEW_FRAGMENT, EventOverview } from '#client/features/events/details/EventOverview.tsx';
import { EventParticipants } from '#client/features/events/details/EventParticipants.tsx';
import {
  EVENT_SUMMARY_CARD_FRAGMENT,
  EventSummaryCard,
} from '#client/features/events/details/EventSummaryCard.tsx';
import { RequestsPanel } from '#client/features/join-requests/RequestsPanel.tsx';
import { useRecordEventView } from '#client/features/events/details/useEventActivity.ts';
import { SocialProfileDialog } from '#client/routes/dashboard/SocialProfileDialog.tsx';
import { EventNotFound } from '#client/features/events/EventNotFound.tsx';
import { useJoinRequestDialog } from '#client/features/join-requests/JoinRequestDialog.tsx';
import { JoinStatusPanel } from '#client/features/join-requests/JoinStatusPanel.tsx';
import { JOIN_STATUS_PANEL_FRAGMENT } from '#client/features/join-requests/joinStatusFragment.ts';
import { MessageDialog, type MessageTarget } from '#client/features/messages/MessageDialog.tsx';
import { RatingCard } from '#client/features/ratings/RatingCard.tsx';
import { ParticipantRating } from '#client/features/ratings/ParticipantRating.tsx';
import { RATING_CARD_FRAGMENT } from '#client/features/ratings/ratingCardFragment.ts';
import {
  CALENDAR_BUTTONS_FRAGMENT,
  CalendarButtons,
} from '#client/features/events/details/CalendarButtons.tsx';
import { SERIES_INFO_FRAGMENT, SeriesInfo } from '#client/features/events/details/SeriesInfo.tsx';
import { WaitlistPanel } from '#client/features/join-requests/WaitlistPanel.tsx';
import { AttendancePanel } from '#client/features/join-requests/AttendancePanel.tsx';
import { CheckInCodeButton, CheckInForm } from '#client/features/join-requests/CheckIn.tsx';
import { getAuth } from '#client/features/auth/auth.ts';
import { SafetyPlanPanel } from '#client/features/safety/SafetyPlanPanel.tsx';
import { EVENT_SAFETY_PANEL_FRAGMENT, EventSafetyPanel } from '#client/features/safety/EventSafetyPanel.tsx';

// The page composes the features' fragments. The fields listed beside them are the ones the route
// reads itself, plus durationMinutes, cancelledAt and the host's eventsHosted, which the query has
// always cached for other screens (the join dialog opened from here reads eventsHosted from it).
export const EVENT_DETAILS_ROUTE_QUERY: TypedDocumentNode<
  EventDetailsRouteQuery,
  EventDetailsRouteQueryVariables
> = gql`
  query EventDetailsRouteQuery($id: ID!) {
    event(id: $id) {
      id
      mode
      title
      status
      viewerRole
      participantCount
      pendingRequestCount
      durationMinutes
      cancelledAt
      waitlist {
        id
      }
      host {
        id
        displayName
        stats {
          eventsHosted
        }
      }
      ...EventActions_event
      ...EventSummaryCard_event
      ...EventOverview_event
      ...EventRoster_event
      analytics {
        ...AnalyticsPanel_analytics
      }
      ...JoinStatusPanel_event
      ...RatingCard_event
      ...CalendarButtons_event
      ...SeriesInfo_event
      ...EventSafetyPanel_event
    }
  }
  ${CALENDAR_BUTTONS_FRAGMENT}
  ${SERIES_INFO_FRAGMENT}
  ${EVENT_ACTIONS_FRAGMENT}
  ${EVENT_SUMMARY_CARD_FRAGMENT}
  ${EVENT_OVERVIEW_FRAGMENT}
  ${ANALYTICS_PANEL_FRAGMENT}
  ${JOIN_STATUS_PANEL_FRAGMENT}
  ${RATING_CARD_FRAGMENT}
  ${EVENT_ROSTER_FRAGMENT}
  ${EVENT_SAFETY_PANEL_FRAGMENT}
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

// Check-in opens an hour before the start and closes at the end (the server's rule, ADR 049).
function checkInOpen(event: { status: string; startsAt: string | Date; endsAt: string | Date }): boolean {
  const now = Date.now();
  return (
    (event.status === 'UPCOMING' || event.status === 'ONGOING') &&
    now >= new Date(event.startsAt).getTime() - 60 * 60_000 &&
    now <= new Date(event.endsAt).getTime()
  );
}

// The features' pieces put together: actions, the summary card with the viewer's join status, the
// tabs (overview with the rating, participants, and for the host requests and analytics), and the
// profile, message and join dialogs they open.
function EventPage({ event }: { event: Event }) {
  const { t } = useI18n();
  // ?tab=requests (where a join request notification leads) opens that tab, also when it changes
  // while the page is open.
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  // A scanned check-in code (/e/<id>/checkin → ?checkin=): always sent, the server answers why not.
  const linkedCheckIn = searchParams.get('checkin') !== null;
  const [tab, setTab] = useState(tabParam ?? 'overview');
  const [shownParam, setShownParam] = useState(tabParam);
  if (tabParam !== shownParam) {
    setShownParam(tabParam);
    if (tabParam) setTab(tabParam);
  }
  const [profileId, setProfileId] = useState<string | null>(null);
  const [messageTarget, setMessageTarget] = useState<MessageTarget | null>(null);
  const joinDialog = useJoinRequestDialog();
  // Host only (null for everyone else).
  const pendingCount = event.pendingRequestCount;

  const isHost = event.viewerRole === 'HOST';
  useSubscription(EVENT_DETAILS_CHANGED_SUBSCRIPTION, {
    variables: { id: event.id },
    // A withdrawn request changes the host's list: evicted, it is read again when the tab is open.
    onData: ({ client }) => {
      if (isHost) evictEventFields(client.cache, event.id, ['joinRequests', 'waitlist']);
    },
  });
  // The host writes to a requester or participant; everyone else writes to the host.
  const messageUser = (user: { id: string; displayName: string }) =>
    setMessageTarget({ eventId: event.id, withUserId: user.id, name: user.displayName });
  const messageHost = () =>
    setMessageTarget({ eventId: event.id, withUserId: null, name: event.host.displayName });
  // The header's toggle and Create Event follow the kind of event on screen.
  useEffect(() => rememberDashboardMode(event.mode === 'ONLINE' ? 'online' : 'physical'), [event.mode]);

  const tabs: TabItem[] = [
    {
      id: 'overview',
      label: t('details.tab.overview'),
      content: (
        <EventOverview event={event}>
          <RatingCard event={event} className="md:col-span-2" />
        </EventOverview>
      ),
    },
    {
      id: 'participants',
      label: t('details.tab.participants', { count: event.participantCount }),
      content: (
        <div className="flex flex-col gap-4">
          {isHost &&
          event.mode === 'PHYSICAL' &&
          (event.status === 'UPCOMING' || event.status === 'ONGOING') ? (
            <CheckInCodeButton eventId={event.id} />
          ) : null}
          {isHost && (event.status === 'ONGOING' || event.status === 'COMPLETED') ? (
            <AttendancePanel eventId={event.id} />
          ) : null}
          <EventParticipants
            event={event}
            onOpen={setProfileId}
            extra={(p) =>
              event.viewerCanRateParticipants ? (
                <ParticipantRating eventId={event.id} user={p.user} current={p.viewerRating} />
              ) : null
            }
          />
        </div>
      ),
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
    tabs.push({
      id: 'waitlist',
      label: t('waitlist.tab', { count: event.waitlist?.length ?? 0 }),
      content: <WaitlistPanel eventId={event.id} onOpenProfile={setProfileId} />,
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
      <EventActions event={event} />
      <EventSummaryCard event={event}>
        {/* The safety kit (ADR 069): 'Ev ortamı' and its tips, Yardım, 'Kendimi güvende hissetmedim'. */}
        <EventSafetyPanel event={event} />
        {isHost ? null : (
          <JoinStatusPanel
            event={event}
            onJoin={() => joinDialog.open(event.id)}
            onMessageHost={messageHost}
          />
        )}
        {/* At the meeting point: the host's code, typed or scanned (ADR 049). */}
        {linkedCheckIn ||
        (event.viewerRole === 'PARTICIPANT' &&
          event.mode === 'PHYSICAL' &&
          event.viewerAttendance !== true &&
          checkInOpen(event)) ? (
          <CheckInForm eventId={event.id} />
        ) : null}
      </EventSummaryCard>
      <CalendarButtons event={event} accessToken={() => getAuth().session.getAccessToken()} />
      <SeriesInfo event={event} />
      {/* 'Planımı paylaş' and the 'Evdeyim' check (ADR 068). */}
      {(isHost || event.viewerRole === 'PARTICIPANT') && event.status !== 'CANCELLED' ? (
        <SafetyPlanPanel
          eventId={event.id}
          canShare={event.status === 'UPCOMING' || event.status === 'ONGOING'}
        />
      ) : null}

      <Tabs
        items={tabs}
        value={tabs.some((x) => x.id === tab) ? tab : 'overview'}
        onValueChange={setTab}
        label={t('details.tabs')}
      />

      <SocialProfileDialog
        userId={profileId}
        eventId={event.id}
        onClose={() => setProfileId(null)}
        onEventMessage={isHost && profileId !== event.host.id ? messageUser : undefined}
      />
      <MessageDialog target={messageTarget} onClose={() => setMessageTarget(null)} />
      {joinDialog.element}
    </section>
  );
}
