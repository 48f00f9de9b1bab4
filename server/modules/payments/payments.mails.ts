import type { TokenPurchaseRow } from '#db/schema/index.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { mailDate, mailMoney, mailText } from '#server/lib/i18n.mail.ts';
import { escapeHtml, mailButton, mailLayout, simpleMail } from '#server/mail/layout.ts';
import type { Mail } from '#server/mail/mailer.ts';

// The receipt of a paid purchase, in the buyer's language (ADR 057).
export function receiptMail(
  to: string,
  p: { locale: Locale; purchase: TokenPurchaseRow; packageName: string; validUntil: Date; link: string },
): Mail {
  const { purchase, locale } = p;
  const m = (key: Parameters<typeof mailText>[1], x?: Record<string, string | number>) =>
    mailText(locale, key, x);
  const tokens = purchase.tokens + purchase.bonusTokens;
  const subject = m('mail.receipt.subject', { package: p.packageName, tokens });
  const lines = [
    [m('mail.receipt.package'), p.packageName],
    [
      m('mail.receipt.tokens'),
      purchase.bonusTokens
        ? m('mail.receipt.bonus', { tokens: purchase.tokens, bonus: purchase.bonusTokens })
        : `${purchase.tokens}`,
    ],
    [m('mail.receipt.amount'), mailMoney(locale, purchase.amountCents, purchase.currency)],
    [m('mail.receipt.method'), purchase.method === 'paypal' ? 'PayPal' : m('mail.receipt.card')],
    [m('mail.receipt.date'), mailDate(locale, purchase.paidAt ?? purchase.createdAt)],
    [m('mail.receipt.validity'), m('mail.receipt.validUntil', { date: mailDate(locale, p.validUntil) })],
    [m('mail.receipt.number'), purchase.id],
  ];
  const paid = m('mail.receipt.paid', { tokens });
  const auto = purchase.autoRefill ? `\n${m('mail.receipt.auto')}` : '';
  const text = `${m('mail.hello')}\n\n${paid}${auto}\n\n${lines
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n\n${m('mail.receipt.history')}: ${p.link}\n\n${m('mail.signoff')}`;
  const rows = lines
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 0;color:#b9b3d6">${escapeHtml(k)}</td><td style="padding:6px 0;text-align:right">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html = mailLayout(
    locale,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(paid)} 🎉</p>
${purchase.autoRefill ? `<p style="margin:0 0 16px">${escapeHtml(m('mail.receipt.auto'))}</p>` : ''}
<table role="presentation" width="100%" style="margin:0 0 24px;border-collapse:collapse">${rows}</table>
${mailButton(p.link, m('mail.receipt.button'))}`,
  );
  return { to, subject, text, html };
}

// An auto-refill that was declined: it is off now, and why.
export function autoRefillDeclinedMail(
  to: string,
  p: { locale: Locale; packageName: string; link: string },
): Mail {
  const label = mailText(p.locale, 'mail.refillOff.button');
  return simpleMail(
    p.locale,
    to,
    mailText(p.locale, 'mail.refillOff.subject'),
    [mailText(p.locale, 'mail.refillOff.line', { package: p.packageName })],
    { href: p.link, label },
  );
}
