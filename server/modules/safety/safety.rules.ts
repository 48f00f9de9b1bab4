import type { EventRow } from '#db/schema/index.ts';
import { ErrorCode } from '#server/errors/app-error.ts';
import type { MessageKey } from '#server/lib/i18n.ts';

// How long after its end an event can still be reported as unsafe: late enough for someone who
// needed a few days, early enough that the moderators can still ask the people who were there.
const UNSAFE_REPORT_WINDOW_MS = 30 * 24 * 3600_000;

type UnsafeRefusal = { code: ErrorCode; key: MessageKey };

// Why `reporterId` may not file 'Kendimi güvende hissetmedim' about `event` at `now` (null: they
// may). Pure, so the rule is the same for the mutation and its unit test. Only people who took part
// (the host or an accepted participant), only after the end, and only if the event took place.
export function unsafeReportRefusal(
  event: Pick<EventRow, 'hostId' | 'startsAt' | 'endsAt' | 'cancelledAt'>,
  reporterId: string,
  isParticipant: boolean,
  now: Date,
): UnsafeRefusal | null {
  if (event.hostId !== reporterId && !isParticipant)
    return { code: ErrorCode.FORBIDDEN, key: 'safety.unsafeNotParticipant' };
  // Cancelled before it began: nobody met.
  if (event.cancelledAt && event.cancelledAt <= event.startsAt)
    return { code: ErrorCode.CONFLICT, key: 'safety.unsafeCancelled' };
  if (now < event.endsAt) return { code: ErrorCode.CONFLICT, key: 'safety.unsafeNotOver' };
  if (now.getTime() > event.endsAt.getTime() + UNSAFE_REPORT_WINDOW_MS)
    return { code: ErrorCode.CONFLICT, key: 'safety.unsafeWindowClosed' };
  return null;
}
