import type { Locale } from '#server/lib/i18n.ts';
import { mailText } from '#server/lib/i18n.mail.ts';
import type { Mail } from './mailer.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The frame of every Squad e-mail: dark card, brand, footer; table layout for mail clients. In the
// recipient's language (ADR 057).
export function mailLayout(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#0f0b1a;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#f4f2ff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#1c1530;border-radius:16px">
<tr><td style="padding:28px 32px 8px;font-size:26px;font-weight:800;color:#c4b5fd">Squad</td></tr>
<tr><td style="padding:8px 32px 32px;font-size:16px;line-height:1.6">${body}</td></tr>
</table>
<p style="color:#8b84a8;font-size:12px;margin-top:16px">${escapeHtml(mailText(locale, 'mail.footer'))}</p>
</td></tr></table></body></html>`;
}

export function mailButton(href: string, label: string): string {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(href)}" style="display:inline-block;background:linear-gradient(90deg,#7c3aed,#db2777);color:#fff;text-decoration:none;font-weight:700;padding:14px 24px;border-radius:12px">${escapeHtml(label)}</a></p>`;
}

// The common shape: greeting, paragraphs, a link (text) or button (HTML), signature.
export function simpleMail(
  locale: Locale,
  to: string,
  subject: string,
  lines: string[],
  link: { href: string; label: string; textLabel?: string },
): Mail {
  const text = `${mailText(locale, 'mail.hello')}\n\n${lines.join('\n\n')}\n\n${link.textLabel ?? link.label}: ${link.href}\n\n${mailText(locale, 'mail.signoff')}`;
  const html = mailLayout(
    locale,
    subject,
    `${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('\n')}
${mailButton(link.href, link.label)}`,
  );
  return { to, subject, text, html };
}
