import type { Locale } from '#server/lib/i18n.ts';
import { mailText } from '#server/lib/i18n.mail.ts';
import { escapeHtml as escape, mailLayout as layout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// In the language the client sent (no account row exists yet for a sign-up), ADR 057.
export function verificationMail(to: string, link: string, locale: Locale = 'tr'): Mail {
  const m = (key: Parameters<typeof mailText>[1]) => mailText(locale, key);
  const subject = m('mail.verify.subject');
  const text = `${m('mail.hello')}

${m('mail.verify.intro')}

${link}

${m('mail.verify.validity')} ${m('mail.verify.notYou')}

${m('mail.signoff')}`;
  const html = layout(
    locale,
    subject,
    `<p style="margin:0 0 16px">${escape(m('mail.verify.introHtml'))}</p>
<p style="margin:0 0 24px">${escape(m('mail.verify.action'))}</p>
<p style="margin:0 0 24px"><a href="${escape(link)}" style="display:inline-block;background:linear-gradient(90deg,#7c3aed,#db2777);color:#fff;text-decoration:none;font-weight:700;padding:14px 24px;border-radius:12px">${escape(m('mail.verify.button'))}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#b9b3d6">${escape(m('mail.verify.fallback'))}</p>
<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${escape(link)}" style="color:#c4b5fd">${escape(link)}</a></p>
<p style="margin:0;font-size:13px;color:#b9b3d6">${escape(m('mail.verify.validity'))}</p>`,
  );
  return { to, subject, text, html };
}

export function resetCodeMail(to: string, code: string, locale: Locale = 'tr'): Mail {
  const m = (key: Parameters<typeof mailText>[1]) => mailText(locale, key);
  const subject = m('mail.reset.subject');
  const text = `${m('mail.hello')}

${m('mail.reset.intro')} ${code}

${m('mail.reset.validity')} ${m('mail.reset.notYou')}

${m('mail.signoff')}`;
  const html = layout(
    locale,
    subject,
    `<p style="margin:0 0 16px">${escape(m('mail.hello'))} ${escape(m('mail.reset.intro'))}</p>
<p style="margin:0 0 24px;font-size:34px;font-weight:800;letter-spacing:8px;color:#fff">${escape(code)}</p>
<p style="margin:0;font-size:13px;color:#b9b3d6">${escape(m('mail.reset.validity'))} ${escape(m('mail.reset.notYou'))}</p>`,
  );
  return { to, subject, text, html };
}
