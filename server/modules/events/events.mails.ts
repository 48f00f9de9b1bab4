import type { EventRow } from '#db/schema/index.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { mailDateTime, mailText } from '#server/lib/i18n.mail.ts';
import { simpleMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { platformOf } from './events.catalog.ts';

// E-mails to an event's audience (accepted participants and pending requesters) when the host
// cancels it or moves it, each in the recipient's language (ADR 057). Requesters are not
// participants: their e-mails carry the public place only (ADR 005).

export type Recipient = { email: string; displayName: string; participant: boolean; locale: Locale };
type EventFacts = Pick<
  EventRow,
  'id' | 'mode' | 'title' | 'startsAt' | 'publicLocation' | 'platform' | 'locationName' | 'address'
>;

export const placeOf = (e: EventFacts, participant: boolean, locale: Locale = 'tr') => {
  if (e.mode === 'online') return e.platform ? `Online · ${platformOf(e.platform).label[locale]}` : 'Online';
  const exact = participant ? [e.locationName, e.address].filter(Boolean).join(', ') : '';
  return exact || e.publicLocation || '—';
};

export function eventCancelledMail(
  r: Recipient,
  o: { event: EventFacts; host: string; reason: string | null; link: string },
): Mail {
  const m = (key: Parameters<typeof mailText>[1], p?: Record<string, string>) => mailText(r.locale, key, p);
  const title = o.event.title;
  const lines = [
    m('mail.cancelled.line', { host: o.host, when: mailDateTime(r.locale, o.event.startsAt), title }),
    ...(o.reason ? [m('mail.cancelled.note', { reason: o.reason })] : []),
    m(r.participant ? 'mail.cancelled.participant' : 'mail.cancelled.requester'),
    m('mail.cancelled.others'),
  ];
  return simpleMail(r.locale, r.email, m('mail.cancelled.subject', { title }), lines, {
    href: o.link,
    label: m('mail.declined.button'),
  });
}

// Null when nothing this recipient can see changed (a requester sees the public place only).
export function eventMovedMail(
  r: Recipient,
  o: { event: EventFacts; before: EventFacts; host: string; link: string },
): Mail | null {
  const m = (key: Parameters<typeof mailText>[1], p?: Record<string, string>) => mailText(r.locale, key, p);
  const when = (d: Date) => mailDateTime(r.locale, d);
  const timeMoved = o.event.startsAt.getTime() !== o.before.startsAt.getTime();
  const placeBefore = placeOf(o.before, r.participant, r.locale);
  const placeNow = placeOf(o.event, r.participant, r.locale);
  if (!timeMoved && placeNow === placeBefore) return null;
  const title = o.event.title;
  const lines = [
    m('mail.moved.line', { host: o.host, title }),
    ...(timeMoved
      ? [m('mail.moved.time', { now: when(o.event.startsAt), before: when(o.before.startsAt) })]
      : []),
    ...(placeNow !== placeBefore ? [m('mail.moved.place', { now: placeNow, before: placeBefore })] : []),
    m(r.participant ? 'mail.moved.participant' : 'mail.moved.requester'),
  ];
  return simpleMail(r.locale, r.email, m('mail.moved.subject', { title }), lines, {
    href: o.link,
    label: m('mail.eventButton'),
  });
}
