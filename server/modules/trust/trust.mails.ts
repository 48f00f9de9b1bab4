import type { Locale } from '#server/lib/i18n.ts';
import { mailDateTime, mailText } from '#server/lib/i18n.mail.ts';
import { simpleMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// What moderation did to an account, told by e-mail in the user's language (ADR 057): the reason,
// the end, and where to appeal (the suspended page, which works while suspended, ADR 039).
export function suspensionMail(
  to: string,
  o: { locale: Locale; reason: string; until: Date | null; appealLink: string },
): Mail {
  const m = (key: Parameters<typeof mailText>[1], p?: Record<string, string>) => mailText(o.locale, key, p);
  return simpleMail(
    o.locale,
    to,
    m('mail.suspended.subject'),
    [
      o.until
        ? m('mail.suspended.until', { until: mailDateTime(o.locale, o.until) })
        : m('mail.suspended.forGood'),
      m('mail.suspended.reason', { reason: o.reason }),
      m('mail.suspended.appeal'),
    ],
    { href: o.appealLink, label: m('mail.suspended.button') },
  );
}

export function appealDecidedMail(
  to: string,
  o: { locale: Locale; overturned: boolean; liftedSuspension: boolean; note: string; link: string },
): Mail {
  const m = (key: Parameters<typeof mailText>[1], p?: Record<string, string>) => mailText(o.locale, key, p);
  const lines = o.overturned
    ? [m('mail.appeal.overturned'), ...(o.liftedSuspension ? [m('mail.appeal.overturnedSuspension')] : [])]
    : [m('mail.appeal.upheld')];
  if (o.note) lines.push(m('mail.appeal.note', { note: o.note }));
  if (!o.overturned) lines.push(m('mail.appeal.final'));
  return simpleMail(
    o.locale,
    to,
    m(o.overturned ? 'mail.appeal.overturnedSubject' : 'mail.appeal.upheldSubject'),
    lines,
    { href: o.link, label: m('mail.appeal.button') },
  );
}
