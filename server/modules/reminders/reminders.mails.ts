import type { Locale } from '#server/lib/i18n.ts';
import { mailText } from '#server/lib/i18n.mail.ts';
import { simpleMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// The reminder e-mail (ADR 046), in the recipient's language (ADR 057).
export function reminderMail(
  to: string,
  o: { locale: Locale; title: string; when: string; time: string; place: string; link: string },
): Mail {
  const p = { title: o.title, when: o.when, time: o.time, place: o.place };
  return simpleMail(
    o.locale,
    to,
    mailText(o.locale, 'mail.reminder.subject', p),
    [mailText(o.locale, 'mail.reminder.line', p)],
    {
      href: o.link,
      label: mailText(o.locale, 'mail.eventButton'),
      textLabel: mailText(o.locale, 'mail.reminder.open'),
    },
  );
}
