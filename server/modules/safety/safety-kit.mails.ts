import { t, type Locale, type MessageKey } from '#server/lib/i18n.ts';
import { simpleMail as layoutMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// The safety kit's e-mails to trusted contacts (ADR 068). A contact has no account, so every mail is
// in the sharing user's language; each carries only what the user chose to share.

type Params = Record<string, string>;
const m = (locale: Locale, key: MessageKey, p?: Params) => t(locale, key, p);
// Logged without the contact's address or the subject (the user's name): ids only (ADR 068).
const simpleMail = (...args: Parameters<typeof layoutMail>): Mail => ({
  ...layoutMail(...args),
  private: true,
});

export function contactConfirmMail(to: string, o: { locale: Locale; name: string; link: string }): Mail {
  const p = { name: o.name };
  return simpleMail(
    o.locale,
    to,
    m(o.locale, 'mail.safety.confirm.subject', p),
    [m(o.locale, 'mail.safety.confirm.line', p), m(o.locale, 'mail.safety.confirm.notYou')],
    { href: o.link, label: m(o.locale, 'mail.safety.confirm.button') },
  );
}

export type PlanFacts = {
  locale: Locale;
  name: string;
  title: string;
  time: string;
  place: string;
  host: string;
  hostLink: string;
  home: string;
  link: string;
};

export function planSharedMail(to: string, o: PlanFacts): Mail {
  const p = { ...o };
  return simpleMail(
    o.locale,
    to,
    m(o.locale, 'mail.safety.plan.subject', p),
    [
      m(o.locale, 'mail.safety.plan.line', p),
      m(o.locale, 'mail.safety.plan.place', p),
      m(o.locale, 'mail.safety.plan.host', p),
      m(o.locale, 'mail.safety.plan.home', p),
    ],
    { href: o.link, label: m(o.locale, 'mail.safety.plan.button') },
  );
}

// 30 minutes after the expected time without 'Evdeyim': the last information the user shared.
export function checkAlertMail(
  to: string,
  o: PlanFacts & { position: { at: string; link: string } | null },
): Mail {
  const { position, ...p } = o;
  const lines = [
    m(o.locale, 'mail.safety.alert.line', p),
    m(o.locale, 'mail.safety.plan.place', p),
    m(o.locale, 'mail.safety.plan.host', p),
  ];
  if (position) lines.push(m(o.locale, 'mail.safety.alert.position', position));
  lines.push(m(o.locale, 'mail.safety.alert.advice'));
  return simpleMail(o.locale, to, m(o.locale, 'mail.safety.alert.subject', p), lines, {
    href: o.link,
    label: m(o.locale, 'mail.safety.plan.button'),
  });
}

// 'Evdeyim' after the contacts were alerted: they hear that the worry is over.
export function homeAfterAlertMail(to: string, o: PlanFacts): Mail {
  const p = { ...o };
  return simpleMail(
    o.locale,
    to,
    m(o.locale, 'mail.safety.home.subject', p),
    [m(o.locale, 'mail.safety.home.line', p)],
    {
      href: o.link,
      label: m(o.locale, 'mail.safety.plan.button'),
    },
  );
}

export function positionMail(
  to: string,
  o: { locale: Locale; name: string; title: string; at: string; mapLink: string },
): Mail {
  const p = { name: o.name, title: o.title, at: o.at };
  return simpleMail(
    o.locale,
    to,
    m(o.locale, 'mail.safety.position.subject', p),
    [m(o.locale, 'mail.safety.position.line', p)],
    { href: o.mapLink, label: m(o.locale, 'mail.safety.position.button') },
  );
}

// An OpenStreetMap link to one point (no tracking parameters; the coordinates rounded to ~1 m).
export const mapLinkOf = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lng.toFixed(5)}#map=17/${lat.toFixed(5)}/${lng.toFixed(5)}`;
