import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { gql } from '#client/apollo/gql.ts';
import type {
  EventSafetyPanel_EventFragment,
  SafetyPanelViewerQuery,
  SafetyPanelViewerQueryVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { HomeVenueBadge } from '#client/components/ui/HomeVenueBadge.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { HelpDialog } from '#client/features/safety/HelpDialog.tsx';
import { SharePositionButton } from '#client/features/safety/SharePositionButton.tsx';
import { UnsafeReportDialog } from '#client/features/safety/UnsafeReportDialog.tsx';

export const EVENT_SAFETY_PANEL_FRAGMENT = gql`
  fragment EventSafetyPanel_event on Event {
    id
    mode
    status
    startsAt
    endsAt
    viewerRole
    venueType
    publicLocation
    host {
      id
      displayName
    }
    participants {
      user {
        id
        displayName
      }
    }
  }
`;

// Who the viewer is, so they are not offered as someone to report (the shell has usually cached it).
const SAFETY_PANEL_VIEWER_QUERY: TypedDocumentNode<SafetyPanelViewerQuery, SafetyPanelViewerQueryVariables> =
  gql`
    query SafetyPanelViewerQuery {
      me {
        id
      }
    }
  `;

// The Yardım button shows from an hour before the start (people are on their way) until the end.
const HELP_BEFORE_START_MS = 60 * 60_000;

function helpIsOpen(
  event: { mode: string; status: string; startsAt: unknown; endsAt: unknown; viewerRole: string },
  now = Date.now(),
): boolean {
  if (event.mode !== 'PHYSICAL') return false;
  if (event.viewerRole !== 'HOST' && event.viewerRole !== 'PARTICIPANT') return false;
  if (event.status === 'CANCELLED') return false;
  const start = new Date(String(event.startsAt)).getTime();
  const end = new Date(String(event.endsAt)).getTime();
  return now >= start - HELP_BEFORE_START_MS && now < end;
}

// The safety kit on the event page (ADR 069): the 'Ev ortamı' badge, the tips an accepted guest of a
// private home reads, 'Yardım' during the event and 'Kendimi güvende hissetmedim' after it, for the
// people who take part.
export function EventSafetyPanel({ event }: { event: EventSafetyPanel_EventFragment }) {
  const { t } = useI18n();
  const [helpOpen, setHelpOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [filed, setFiled] = useState(false);
  const viewerId = useQuery(SAFETY_PANEL_VIEWER_QUERY).data?.me.id;
  const tookPart = event.viewerRole === 'HOST' || event.viewerRole === 'PARTICIPANT';
  const home = event.mode === 'PHYSICAL' && event.venueType === 'PRIVATE_HOME';
  const help = helpIsOpen(event);
  const canReport = tookPart && event.status === 'COMPLETED' && !filed;
  if (!home && !help && !canReport) return null;
  const people = event.participants
    .map((p) => p.user)
    .filter((u) => u.id !== event.host.id && u.id !== viewerId);
  return (
    <div className="flex flex-col gap-3" data-testid="event-safety">
      {home ? (
        <div className="flex flex-wrap items-center gap-2">
          <HomeVenueBadge />
        </div>
      ) : null}
      {home && event.viewerRole === 'PARTICIPANT' ? (
        <section
          className="rounded-xl border border-orange-300/40 bg-orange-500/10 px-4 py-3 text-sm text-orange-50"
          data-testid="home-tips"
        >
          <h2 className="mb-1 font-bold">🏠 {t('venue.tips.title')}</h2>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('venue.tips.public')}</li>
            <li>{t('venue.tips.friend')}</li>
            <li>{t('venue.tips.transport')}</li>
          </ul>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {help ? (
          <Button variant="danger" onClick={() => setHelpOpen(true)} data-testid="help-button">
            <span aria-hidden="true">🆘</span>
            {t('help.button')}
          </Button>
        ) : null}
        {canReport ? (
          <Button variant="outline" onClick={() => setReportOpen(true)} data-testid="unsafe-button">
            <span aria-hidden="true">⚠️</span>
            {t('unsafe.button')}
          </Button>
        ) : null}
      </div>
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} publicLocation={event.publicLocation}>
        {/* 'Konumumu paylaş': the position once, to the trusted contacts, only on the tap (ADR 068). */}
        <SharePositionButton eventId={event.id} />
      </HelpDialog>
      {tookPart ? (
        <UnsafeReportDialog
          eventId={event.id}
          host={event.host}
          people={people}
          viewerIsHost={event.viewerRole === 'HOST'}
          open={reportOpen}
          onOpenChange={setReportOpen}
          onFiled={() => setFiled(true)}
        />
      ) : null}
    </div>
  );
}
