import { escapeHtml, mailButton, mailLayout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// The waitlist's e-mail (ADR 045), Turkish like the other e-mails: a place opened, until when.
export function offerMail(to: string, o: { title: string; deadline: string; link: string }): Mail {
  const subject = `"${o.title}" etkinliğinde yer açıldı 🎉`;
  const line = `Bekleme listesinde sıra sende: "${o.title}" etkinliğindeki yer senin için ayrıldı; son kabul saati ${o.deadline}. Kabul edersen katılımcılar arasındasın; etmezsen yer sıradaki kişiye geçer.`;
  const text = `Selam!\n\n${line}\n\nKabul etmek için: ${o.link}\n\nSquad ekibi`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 24px">${escapeHtml(line)}</p>${mailButton(o.link, 'Yeri kabul et')}`,
  );
  return { to, subject, text, html };
}
