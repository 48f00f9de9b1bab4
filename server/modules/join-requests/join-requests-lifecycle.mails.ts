import type { Locale } from '#server/lib/i18n.ts';
import { mailText } from '#server/lib/i18n.mail.ts';
import { simpleMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// The waitlist's e-mail (ADR 045), in the recipient's language (ADR 057): a place opened, until when.
export function offerMail(
  to: string,
  o: { locale: Locale; title: string; deadline: string; link: string },
): Mail {
  const subject = mailText(o.locale, 'mail.offer.subject', { title: o.title });
  return simpleMail(
    o.locale,
    to,
    subject,
    [mailText(o.locale, 'mail.offer.line', { title: o.title, deadline: o.deadline })],
    {
      href: o.link,
      label: mailText(o.locale, 'mail.offer.button'),
      textLabel: mailText(o.locale, 'mail.offer.open'),
    },
  );
}
