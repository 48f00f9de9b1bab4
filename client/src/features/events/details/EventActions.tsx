import { useState } from 'react';
import { gql } from '#client/apollo/gql.ts';
import { Link } from 'react-router-dom';
import type { EventActions_EventFragment } from '#client/__generated__/graphql.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { CancelEventDialog } from '#client/features/events/details/CancelEventDialog.tsx';
import { SaveButton } from '#client/features/events/details/SaveButton.tsx';
import { ShareDialog } from '#client/features/events/details/ShareDialog.tsx';

export const EVENT_ACTIONS_FRAGMENT = gql`
  fragment EventActions_event on Event {
    id
    mode
    title
    status
    viewerRole
    saveCount
    viewerHasSaved
    groupConversation {
      id
    }
    series {
      id
    }
  }
`;

// The event page's top row: back to the list the event belongs to, its group chat (members), Save,
// Share, and for the host of an
// upcoming event Edit and Cancel. The Share and Cancel dialogs are opened from here.
export function EventActions({ event }: { event: EventActions_EventFragment }) {
  const { t } = useI18n();
  const [shareOpen, setShareOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const isHost = event.viewerRole === 'HOST';
  const upcoming = event.status === 'UPCOMING';
  const backTo = event.mode === 'ONLINE' ? '/dashboard/online' : '/dashboard/physical';
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={backTo} className={buttonClasses('ghost', 'sm')}>
          ← {t('eventDetails.back')}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {event.groupConversation ? (
            <Link
              to={`/dashboard/inbox/${event.groupConversation.id}`}
              className={buttonClasses('outline', 'sm')}
              data-testid="event-group-chat"
            >
              <span aria-hidden="true">💬</span>
              {t('details.groupChat')}
            </Link>
          ) : null}
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
      <ShareDialog open={shareOpen} onOpenChange={setShareOpen} eventId={event.id} title={event.title} />
      {isHost ? (
        <CancelEventDialog
          eventId={event.id}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          inSeries={Boolean(event.series)}
        />
      ) : null}
    </>
  );
}
