import { t, type Locale } from '#server/lib/i18n.ts';
import { mailText } from '#server/lib/i18n.mail.ts';
import { escapeHtml, mailButton, mailLayout, simpleMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// In the recipient's language (ADR 057).
export function newRequestMail(
  to: string,
  o: {
    locale: Locale;
    requester: string | null;
    title: string;
    message: string | null;
    link: string;
    warning: boolean;
  },
): Mail {
  const m = (key: Parameters<typeof mailText>[1], p?: Record<string, string>) => mailText(o.locale, key, p);
  const requester = o.requester ?? m('mail.someone');
  const subject = m('mail.request.subject', { title: o.title });
  const quote = o.message ? `\n\n${m('mail.request.message')}\n"${o.message}"` : '';
  const warning = o.warning ? `\n\n${m('mail.request.warning')}` : '';
  const text = `${m('mail.hello')}\n\n${m('mail.request.line', { requester, title: o.title })}${quote}${warning}\n\n${m('mail.request.open')}: ${o.link}\n\n${m('mail.signoff')}`;
  const html = mailLayout(
    o.locale,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(m('mail.request.line', { requester, title: o.title }))}</p>
${o.message ? `<p style="margin:0 0 16px;padding:12px 16px;background:#2a2142;border-radius:12px">“${escapeHtml(o.message)}”</p>` : ''}
${o.warning ? `<p style="margin:0 0 16px;color:#fbbf24">⚠️ ${escapeHtml(m('mail.request.warning'))}</p>` : ''}
${mailButton(o.link, m('mail.request.button'))}`,
  );
  return { to, subject, text, html };
}

export function decisionMail(
  to: string,
  o: { locale: Locale; title: string; accepted: boolean; link: string; homeTips?: boolean },
): Mail {
  const k = o.accepted ? 'accepted' : 'declined';
  const subject = mailText(o.locale, `mail.${k}.subject`, { title: o.title });
  const button = mailText(o.locale, `mail.${k}.button`);
  const tips =
    o.accepted && o.homeTips
      ? [t(o.locale, 'mail.homeTips.title'), ...HOME_TIPS.map((key) => `• ${t(o.locale, key)}`)]
      : [];
  return simpleMail(o.locale, to, subject, [`"${o.title}"`, mailText(o.locale, `mail.${k}.line`), ...tips], {
    href: o.link,
    label: button,
  });
}

// The guest's tips for an event at a private home: the same three the event page shows.
const HOME_TIPS = ['mail.homeTips.public', 'mail.homeTips.friend', 'mail.homeTips.transport'] as const;
