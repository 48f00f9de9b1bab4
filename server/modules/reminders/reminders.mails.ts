import { escapeHtml, mailButton, mailLayout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// The reminder e-mail (ADR 046), Turkish like the other e-mails.
export function reminderMail(
  to: string,
  o: { title: string; when: string; time: string; place: string; link: string },
): Mail {
  const subject = `Hatırlatma: "${o.title}" · ${o.when}, saat ${o.time}`;
  const line = `${o.when}, saat ${o.time}: "${o.title}". Yer: ${o.place}.`;
  const text = `Selam!\n\n${line}\n\nEtkinlik sayfası: ${o.link}\n\nSquad ekibi`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 24px">${escapeHtml(line)}</p>${mailButton(o.link, 'Etkinliğe git')}`,
  );
  return { to, subject, text, html };
}
