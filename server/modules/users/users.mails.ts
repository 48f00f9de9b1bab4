import type { Locale } from '#server/lib/i18n.ts';
import { mailText } from '#server/lib/i18n.mail.ts';
import { simpleMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// The last e-mail to a deleted account's address (ADR 054, 057): sent after the erasure committed,
// to the address and in the language captured before it.
export function accountDeletedMail(
  to: string,
  o: { locale: Locale; cancelledEvents: number; link: string },
): Mail {
  const m = (key: Parameters<typeof mailText>[1], p?: Record<string, string | number>) =>
    mailText(o.locale, key, p);
  return simpleMail(
    o.locale,
    to,
    m('mail.deleted.subject'),
    [
      m('mail.deleted.line'),
      ...(o.cancelledEvents > 0 ? [m('mail.deleted.events', { count: o.cancelledEvents })] : []),
      m('mail.deleted.notYou'),
      m('mail.deleted.bye'),
    ],
    { href: o.link, label: m('mail.deleted.button') },
  );
}
