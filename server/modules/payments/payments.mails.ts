import type { TokenPurchaseRow } from '#db/schema/index.ts';
import { escapeHtml, mailButton, mailLayout } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('tr-TR', { style: 'currency', currency }).format(cents / 100);
const day = (d: Date) =>
  new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(d);

// The receipt of a paid purchase (Turkish; the spec's e-mails are Turkish).
export function receiptMail(
  to: string,
  p: { purchase: TokenPurchaseRow; packageName: string; validUntil: Date; link: string },
): Mail {
  const { purchase } = p;
  const tokens = purchase.tokens + purchase.bonusTokens;
  const subject = `Squad makbuzu: ${p.packageName} (${tokens} token)`;
  const lines = [
    ['Paket', p.packageName],
    [
      'Token',
      purchase.bonusTokens ? `${purchase.tokens} + ${purchase.bonusTokens} bonus` : `${purchase.tokens}`,
    ],
    ['Tutar', money(purchase.amountCents, purchase.currency)],
    ['Ödeme yöntemi', purchase.method === 'paypal' ? 'PayPal' : 'Kart'],
    ['Tarih', day(purchase.paidAt ?? purchase.createdAt)],
    ['Geçerlilik', `${day(p.validUntil)} tarihine kadar`],
    ['Makbuz no', purchase.id],
  ];
  const auto = purchase.autoRefill ? '\nBu satın alma otomatik yükleme ayarın sayesinde yapıldı.' : '';
  const text = `Selam!\n\nÖdemen alındı, ${tokens} token hesabına eklendi.${auto}\n\n${lines
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n\nToken geçmişin: ${p.link}\n\nSquad ekibi`;
  const rows = lines
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 0;color:#b9b3d6">${escapeHtml(k)}</td><td style="padding:6px 0;text-align:right">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px">Ödemen alındı, <strong>${tokens} token</strong> hesabına eklendi. 🎉</p>
${purchase.autoRefill ? '<p style="margin:0 0 16px">Bu satın alma otomatik yükleme ayarın sayesinde yapıldı.</p>' : ''}
<table role="presentation" width="100%" style="margin:0 0 24px;border-collapse:collapse">${rows}</table>
${mailButton(p.link, 'Token geçmişini gör')}`,
  );
  return { to, subject, text, html };
}

// An auto-refill that was declined: it is off now, and why.
export function autoRefillDeclinedMail(to: string, p: { packageName: string; link: string }): Mail {
  const subject = 'Otomatik token yükleme durduruldu';
  const line = `Kayıtlı kartından ${p.packageName} için ödeme alınamadı, bu yüzden otomatik yüklemeyi kapattık. Kartını güncelleyip Tokenlar sayfasından yeniden açabilirsin.`;
  const text = `Selam!\n\n${line}\n\n${p.link}\n\nSquad ekibi`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 24px">${escapeHtml(line)}</p>${mailButton(p.link, 'Tokenlar sayfasına git')}`,
  );
  return { to, subject, text, html };
}
