import { escapeHtml, mailButton, mailLayout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

export function newRequestMail(
  to: string,
  o: { requester: string; title: string; message: string | null; link: string; warning: boolean },
): Mail {
  const subject = `"${o.title}" etkinliğine yeni katılım isteği`;
  const quote = o.message ? `\n\nMesajı:\n"${o.message}"` : '';
  const warning = o.warning
    ? '\n\nOtomatik kontrol bu mesajda dikkat edilmesi gereken bir şey buldu; karar vermeden önce göz at.'
    : '';
  const text = `Selam!\n\n${o.requester}, "${o.title}" etkinliğine katılmak istiyor.${quote}${warning}\n\nİsteği görmek ve yanıtlamak için: ${o.link}\n\nSquad ekibi`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px"><strong>${escapeHtml(o.requester)}</strong>, <strong>${escapeHtml(o.title)}</strong> etkinliğine katılmak istiyor.</p>
${o.message ? `<p style="margin:0 0 16px;padding:12px 16px;background:#2a2142;border-radius:12px">“${escapeHtml(o.message)}”</p>` : ''}
${o.warning ? '<p style="margin:0 0 16px;color:#fbbf24">⚠️ Otomatik kontrol bu mesajda dikkat edilmesi gereken bir şey buldu.</p>' : ''}
${mailButton(o.link, 'İsteği gör')}`,
  );
  return { to, subject, text, html };
}

export function decisionMail(to: string, o: { title: string; accepted: boolean; link: string }): Mail {
  const subject = o.accepted
    ? `"${o.title}" etkinliğine katılım isteğin kabul edildi 🎉`
    : `"${o.title}" etkinliğine katılım isteğin reddedildi`;
  const line = o.accepted
    ? 'Host isteğini kabul etti, artık katılımcılar arasındasın! Etkinliğin tam yerini ve detaylarını uygulamada görebilirsin.'
    : 'Host bu sefer isteğini kabul etmedi. Üzülme, yakınında başka etkinlikler de var!';
  const text = `Selam!\n\n${line}\n\n${o.link}\n\nSquad ekibi`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px"><strong>${escapeHtml(o.title)}</strong></p><p style="margin:0 0 24px">${escapeHtml(line)}</p>${mailButton(o.link, o.accepted ? 'Etkinliğe git' : 'Başka etkinliklere göz at')}`,
  );
  return { to, subject, text, html };
}
