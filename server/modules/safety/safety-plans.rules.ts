import type { EventRow, SafetyPlanRow, UserRow } from '#db/schema/index.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { mailDateTime } from '#server/lib/i18n.mail.ts';
import { placeOf } from '#server/modules/events/events.mails.ts';
import type { PlanFacts } from './safety-kit.mails.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// The check (issue 30 point 3): home by the event's end + 60 min unless the user says otherwise; asked
// 15 min before that time; the contacts alerted 30 min after it.
export const DEFAULT_HOME_AFTER_END = 60 * MINUTE;
export const ASK_BEFORE = 15 * MINUTE;
export const ALERT_AFTER = 30 * MINUTE;
// The latest home time a user may set: 12 hours after the event's end.
export const LATEST_HOME_AFTER_END = 12 * HOUR;
// The plan's page (and the shared data) lives until a day after the event's end.
export const PAGE_LIFETIME_AFTER_END = 24 * HOUR;
// 'Konumumu paylaş' works from an hour before the start to the page's expiry.
export const POSITION_FROM_BEFORE_START = HOUR;

export type PlanState = 'active' | 'home' | 'check_ended' | 'alerted' | 'expired';

export function planState(plan: SafetyPlanRow, now: Date): PlanState {
  if (plan.expiresAt <= now) return 'expired';
  if (plan.homeAt) return 'home';
  if (plan.checkEndedAt) return 'check_ended';
  if (plan.alertedAt) return 'alerted';
  return 'active';
}

// A home time the user may choose: after the event's end, at most 12 hours later.
export const homeTimeAllowed = (event: Pick<EventRow, 'endsAt'>, at: Date) =>
  at.getTime() > event.endsAt.getTime() && at.getTime() <= event.endsAt.getTime() + LATEST_HOME_AFTER_END;

export const positionAllowed = (event: Pick<EventRow, 'startsAt' | 'endsAt'>, now: Date) =>
  now.getTime() >= event.startsAt.getTime() - POSITION_FROM_BEFORE_START &&
  now.getTime() < event.endsAt.getTime() + PAGE_LIFETIME_AFTER_END;

// The place the contacts see: the public place, the exact one only if the user ticked it.
export const sharedPlaceOf = (
  event: EventRow,
  plan: Pick<SafetyPlanRow, 'shareExactPlace'>,
  locale: Locale,
) => placeOf(event, plan.shareExactPlace, locale);

export const planPageUrl = (publicUrl: string, plan: Pick<SafetyPlanRow, 'pageToken'>) =>
  `${publicUrl}/plan/${plan.pageToken}`;

// The host's public face: display name and @username (Squad has no public profile page; the link is
// the event's public page, which shows the host as everyone sees them).
export const hostLabelOf = (host: Pick<UserRow, 'displayName' | 'username'> | undefined) =>
  host ? (host.username ? `${host.displayName} (@${host.username})` : host.displayName) : '—';

export function planFacts(
  publicUrl: string,
  o: { plan: SafetyPlanRow; event: EventRow; user: Pick<UserRow, 'displayName' | 'locale'>; host?: UserRow },
): PlanFacts {
  const locale: Locale = o.user.locale === 'en' ? 'en' : 'tr';
  return {
    locale,
    name: o.user.displayName,
    title: o.event.title,
    time: mailDateTime(locale, o.event.startsAt),
    place: sharedPlaceOf(o.event, o.plan, locale),
    host: hostLabelOf(o.host),
    hostLink: `${publicUrl}/e/${o.event.id}`,
    home: mailDateTime(locale, o.plan.expectedHomeAt),
    link: planPageUrl(publicUrl, o.plan),
  };
}
