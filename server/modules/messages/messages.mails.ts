import { escapeHtml, mailButton, mailLayout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { mailText } from '#server/lib/i18n.mail.ts';

// The "new messages while you were away" e-mail (ADR 042), in the recipient's language.
export function unreadMessagesMail(
  to: string,
  o: {
    locale: 'tr' | 'en';
    conversation: string;
    count: number;
    previews: { sender: string; text: string }[];
    link: string;
    settingsLink: string;
  },
): Mail {
  const tr = o.locale !== 'en';
  const subject = tr
    ? `${o.conversation}: ${o.count} okunmamış mesaj`
    : `${o.conversation}: ${o.count} unread message${o.count === 1 ? '' : 's'}`;
  const intro = tr
    ? `Sen yokken "${o.conversation}" sohbetine ${o.count} yeni mesaj geldi.`
    : `While you were away, ${o.count} new message${o.count === 1 ? '' : 's'} arrived in "${o.conversation}".`;
  const off = tr
    ? 'Bu e-postaları Ayarlar > E-posta bildirimleri bölümünden kapatabilirsin.'
    : 'You can turn these e-mails off in Settings > E-mail notifications.';
  const lines = o.previews.map((p) => `${p.sender}: ${p.text}`);
  const text = `${mailText(o.locale, 'mail.hello')}\n\n${intro}\n\n${lines.join('\n')}\n\n${o.link}\n\n${off} ${o.settingsLink}\n\n${mailText(o.locale, 'mail.signoff')}`;
  const html = mailLayout(
    o.locale,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${o.previews
  .map(
    (p) =>
      `<p style="margin:0 0 8px;padding:10px 14px;background:#2a2142;border-radius:12px"><strong>${escapeHtml(p.sender)}</strong>: ${escapeHtml(p.text)}</p>`,
  )
  .join('\n')}
${mailButton(o.link, tr ? 'Sohbete git' : 'Open the conversation')}
<p style="margin:0;color:#8b84a8;font-size:13px">${escapeHtml(off)}</p>`,
  );
  return { to, subject, text, html };
}
