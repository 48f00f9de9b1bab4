import { gql } from '#client/apollo/gql.ts';
import type { CalendarButtons_EventFragment } from '#client/__generated__/graphql.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const CALENDAR_BUTTONS_FRAGMENT = gql`
  fragment CalendarButtons_event on Event {
    id
    title
    status
    calendarLinks {
      ics
      google
      outlook
    }
  }
`;

// Add to calendar (ADR 047): the .ics (fetched with the session, so a participant's file has the
// exact place) and Google's and Outlook's own "add event" pages, filled in by the server.
export function CalendarButtons({
  event,
  accessToken,
}: {
  event: CalendarButtons_EventFragment;
  accessToken: () => Promise<string | null>;
}) {
  const { t } = useI18n();
  const toast = useToast();
  // Nothing to add to a calendar once the event is over or called off (issue 27).
  if (event.status === 'CANCELLED' || event.status === 'COMPLETED') return null;
  const download = async () => {
    try {
      const token = await accessToken();
      const res = await fetch(event.calendarLinks.ics, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `squad-${event.id}.ics`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast.error(t('calendar.downloadFailed'));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="calendar-buttons">
      <span className="text-sm font-semibold text-ink-200">📅 {t('calendar.title')}:</span>
      <Button size="sm" variant="secondary" onClick={() => void download()}>
        {t('calendar.ics')}
      </Button>
      <a
        href={event.calendarLinks.google}
        target="_blank"
        rel="noreferrer"
        className={buttonClasses('secondary', 'sm')}
      >
        {t('calendar.google')}
      </a>
      <a
        href={event.calendarLinks.outlook}
        target="_blank"
        rel="noreferrer"
        className={buttonClasses('secondary', 'sm')}
      >
        {t('calendar.outlook')}
      </a>
    </div>
  );
}
