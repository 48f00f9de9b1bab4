// The sandbox checkout's HTML: self-contained pages (one inline style block allowed by its hash, no
// scripts, plain forms) that look like a hosted checkout, Turkish first.
import crypto from 'node:crypto';
import type { Money } from './provider.types.ts';
import { SANDBOX_TEST_CARDS, type CardError, type CardField } from './provider.sandbox.cards.ts';

export type PageLocale = 'tr' | 'en';

const STYLE = `*{box-sizing:border-box}html{color-scheme:dark}
body{margin:0;min-height:100vh;display:flex;justify-content:center;padding:32px 16px;background:#0f0b1a;background-image:radial-gradient(60rem 30rem at 0% -10%,rgba(124,58,237,.22),transparent),radial-gradient(50rem 30rem at 110% 0%,rgba(219,39,119,.16),transparent);color:#f4f2ff;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.shell{width:100%;max-width:440px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;flex-wrap:wrap;margin-bottom:16px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:15px}
.logo{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:10px;background:linear-gradient(135deg,#7c3aed,#db2777);color:#fff;font-weight:800}
.badge{font-size:11px;font-weight:800;letter-spacing:.05em;color:#fde68a;background:rgba(250,204,21,.12);border:1px solid rgba(250,204,21,.45);padding:4px 10px;border-radius:999px}
.panel{background:#1c1530;border:1px solid rgba(255,255,255,.08);border-radius:20px;padding:24px;box-shadow:0 20px 60px rgba(0,0,0,.45)}
.summary{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;padding-bottom:18px;margin-bottom:18px;border-bottom:1px solid rgba(255,255,255,.08)}
h1{font-size:20px;line-height:1.3;margin:0 0 4px}
.muted{color:#b8b0d6;margin:0;font-size:14px}
.amount{font-size:24px;font-weight:800;white-space:nowrap;background:linear-gradient(90deg,#a78bfa,#f472b6);-webkit-background-clip:text;background-clip:text;color:transparent}
.field{margin-bottom:14px}
label{display:block;font-size:13px;font-weight:600;color:#d9d4f2;margin-bottom:6px}
input[type=text]{width:100%;padding:12px 14px;border-radius:12px;border:1px solid rgba(255,255,255,.14);background:#130e22;color:#f4f2ff;font-size:16px}
input[type=text]::placeholder{color:#6f6790}
input[type=text]:focus{outline:none;border-color:#a78bfa;box-shadow:0 0 0 3px rgba(124,58,237,.35)}
input[aria-invalid=true]{border-color:#f87171}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{color:#fca5a5;font-size:13px;margin:6px 0 0}
.alert{background:rgba(248,113,113,.12);border:1px solid rgba(248,113,113,.4);color:#fecaca;border-radius:12px;padding:10px 12px;margin:0 0 14px;font-size:14px}
.check{display:flex;gap:10px;align-items:flex-start;font-size:14px;font-weight:500;color:#d9d4f2;margin:4px 0 18px}
.check input{margin:2px 0 0;width:18px;height:18px;flex:none;accent-color:#7c3aed}
.btn{display:block;width:100%;border:0;border-radius:12px;padding:14px;font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none}
.btn:hover{filter:brightness(1.08)}
.primary{background:linear-gradient(90deg,#7c3aed,#db2777);color:#fff}
.paypal{background:#ffc439;color:#142c8e}
.ghost{background:transparent;color:#d9d4f2;border:1px solid rgba(255,255,255,.18)}
.danger{background:rgba(248,113,113,.14);color:#fecaca;border:1px solid rgba(248,113,113,.4)}
.or{display:flex;align-items:center;gap:12px;color:#8f87b0;font-size:13px;margin:16px 0}
.or::before,.or::after{content:"";flex:1;height:1px;background:rgba(255,255,255,.1)}
.cancel{display:block;text-align:center;margin-top:16px;color:#b8b0d6;font-size:14px}
.actions{display:grid;gap:10px;margin-top:20px}
.facts{margin:16px 0 0;padding:12px 14px;border-radius:12px;background:#130e22;font-size:14px}
.facts div{display:flex;justify-content:space-between;gap:12px;padding:3px 0}
.facts dt{color:#b8b0d6}.facts dd{margin:0;font-weight:600}
.tests{margin-top:16px;background:rgba(28,21,48,.6);border:1px dashed rgba(255,255,255,.16);border-radius:16px;padding:16px 18px}
.tests h2{font-size:12px;margin:0 0 8px;text-transform:uppercase;letter-spacing:.08em;color:#c4b5fd}
.tests ul{list-style:none;margin:0 0 8px;padding:0}
.tests li{display:flex;justify-content:space-between;align-items:baseline;gap:12px;padding:6px 0;font-size:13px;border-bottom:1px solid rgba(255,255,255,.06)}
.tests li span{color:#b8b0d6;text-align:right}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#f4f2ff;white-space:nowrap}
.state{text-align:center}.state h1{margin-top:8px}.note{margin-top:14px}
.mark{display:inline-grid;place-items:center;width:56px;height:56px;border-radius:50%;font-size:26px;font-weight:800;background:rgba(124,58,237,.18);color:#c4b5fd}
.mark.ok{background:rgba(52,211,153,.15);color:#6ee7b7}.mark.bad{background:rgba(248,113,113,.15);color:#fca5a5}
footer{margin-top:16px;text-align:center;color:#8f87b0;font-size:12px}
:focus-visible{outline:3px solid #a78bfa;outline-offset:2px}
@media (max-width:380px){.panel{padding:18px}.summary{flex-direction:column}}`;

// The pages' only inline content is this style block; the CSP allows exactly it.
const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

// A full policy for these pages: nothing loads, forms post here (and may be redirected to the app).
export function sandboxPageCsp(formTargets: string[]): string {
  const origins = new Set<string>();
  for (const target of formTargets) {
    try {
      const url = new URL(target);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {}
  }
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    ["form-action 'self'", ...origins].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Links come from the payments service; still, only web addresses (absolute or app-relative) go in.
function safeHref(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return escapeHtml(url);
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return escapeHtml(parsed.href);
  } catch {}
  return '#';
}

export function formatMoney(amount: Money, locale: PageLocale): string {
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    style: 'currency',
    currency: amount.currency,
  }).format(amount.amountCents / 100);
}

const groupDigits = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

const TEXTS = {
  tr: {
    title: 'Squad · Test ödemesi',
    badge: 'SANDBOX — gerçek para çekilmez',
    total: 'Toplam',
    cardNumber: 'Kart numarası',
    expiry: 'Son kullanma (AA/YY)',
    expiryPlaceholder: 'AA/YY',
    cvc: 'CVC',
    name: 'Kart üzerindeki isim',
    save: 'Kartımı sonraki otomatik yüklemeler için kaydet',
    pay: (amount: string) => `${amount} Öde`,
    or: 'veya',
    paypal: 'PayPal ile öde',
    cancel: 'Vazgeç ve Squad’a dön',
    fixFields: 'Ödeme yapılmadı: işaretli alanları düzelt.',
    errors: {
      invalid_number: 'Kart numarası geçersiz. 16 haneyi kontrol et.',
      invalid_expiry: 'Son kullanma tarihini AA/YY biçiminde gir.',
      expired: 'Bu kartın son kullanma tarihi geçmiş.',
      invalid_cvc: 'CVC 3 haneli olmalı.',
      missing_name: 'Kart üzerindeki ismi gir.',
    } satisfies Record<CardError, string>,
    testCards: 'Test kartları',
    testCardsHint:
      'Gelecekteki herhangi bir tarih, 3 haneli herhangi bir CVC ve herhangi bir isim kullanabilirsin.',
    outcomes: {
      '4242424242424242': 'Başarılı',
      '4000000000000002': 'Reddedilir (card_declined)',
      '4000002760003184': '3-D Secure doğrulaması ister',
      '4000000000009995': 'Reddedilir (insufficient_funds)',
      '4000000000000341': 'Başarılı; kaydedilirse sonraki otomatik yüklemeler reddedilir',
    } as Record<string, string>,
    otherCards: 'Diğer geçerli kartlar başarılı olur.',
    footer: 'Bu sayfa Squad’ın test ödeme ortamıdır. Kart bilgileri saklanmaz ve hiçbir bankaya gönderilmez.',
    back: 'Squad’a dön',
    states: {
      paid: ['Bu ödeme zaten tamamlandı', 'Tekrar ödeme yapmana gerek yok.'],
      failed: ['Bu ödeme başarısız oldu', 'Squad’a dönüp yeni bir ödeme başlatabilirsin.'],
      refunded: ['Bu ödeme iade edildi', 'Tutar iade edildi; bu sayfadan yeni ödeme yapılamaz.'],
      expired: ['Bu ödeme sayfasının süresi doldu', 'Squad’a dönüp yeni bir ödeme başlatabilirsin.'],
    },
    notFound: ['Ödeme bulunamadı', 'Bu bağlantı geçersiz ya da ödeme artık yok.'],
    badLink: [
      'Doğrulama bağlantısı geçersiz',
      'Bağlantının süresi dolmuş olabilir. Ödeme sayfasına dönüp tekrar dene.',
    ],
    toCheckout: 'Ödeme sayfasına dön',
    threeDsTitle: '3-D Secure doğrulaması',
    threeDsText: 'Bankan bu ödemeyi onaylamanı istiyor. Bu bir test: SMS gönderilmez, kod gerekmez.',
    merchant: 'İşyeri',
    amount: 'Tutar',
    card: 'Kart',
    confirm: 'Onayla',
    fail: 'Başarısız',
    paypalTitle: 'PayPal (test)',
    paypalHeading: 'Squad’a ödeme',
    paypalText: (amount: string, item: string) => `${item} için ${amount} ödemesini onaylıyor musun?`,
    approve: 'Onayla ve öde',
    paypalCancel: 'İptal',
    paypalNote: 'Bu PayPal’ın test taklididir; gerçek bir hesaba bağlanılmaz.',
  },
  en: {
    title: 'Squad · Test payment',
    badge: 'SANDBOX — no real money is charged',
    total: 'Total',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'CVC',
    name: 'Name on card',
    save: 'Save my card for future auto-refills',
    pay: (amount: string) => `Pay ${amount}`,
    or: 'or',
    paypal: 'Pay with PayPal',
    cancel: 'Cancel and return to Squad',
    fixFields: 'Nothing was charged: please correct the marked fields.',
    errors: {
      invalid_number: 'The card number is invalid. Check the 16 digits.',
      invalid_expiry: 'Enter the expiry date as MM/YY.',
      expired: 'This card has expired.',
      invalid_cvc: 'The CVC must be 3 digits.',
      missing_name: 'Enter the name on the card.',
    } satisfies Record<CardError, string>,
    testCards: 'Test cards',
    testCardsHint: 'Use any future date, any 3-digit CVC and any name.',
    outcomes: {
      '4242424242424242': 'Succeeds',
      '4000000000000002': 'Declined (card_declined)',
      '4000002760003184': 'Asks for 3-D Secure',
      '4000000000009995': 'Declined (insufficient_funds)',
      '4000000000000341': 'Succeeds; if saved, later auto-refills decline',
    } as Record<string, string>,
    otherCards: 'Any other valid card succeeds.',
    footer: 'This is Squad’s test payment page. Card details are not stored or sent to any bank.',
    back: 'Back to Squad',
    states: {
      paid: ['This payment is already complete', 'There is no need to pay again.'],
      failed: ['This payment failed', 'Go back to Squad to start a new payment.'],
      refunded: ['This payment was refunded', 'The amount was refunded; this page takes no new payment.'],
      expired: ['This payment page has expired', 'Go back to Squad to start a new payment.'],
    },
    notFound: ['Payment not found', 'This link is invalid or the payment no longer exists.'],
    badLink: [
      'Invalid verification link',
      'The link may have expired. Go back to the payment page and try again.',
    ],
    toCheckout: 'Back to the payment page',
    threeDsTitle: '3-D Secure check',
    threeDsText:
      'Your bank asks you to confirm this payment. This is a test: no text message, no code needed.',
    merchant: 'Merchant',
    amount: 'Amount',
    card: 'Card',
    confirm: 'Confirm',
    fail: 'Fail',
    paypalTitle: 'PayPal (test)',
    paypalHeading: 'Pay Squad',
    paypalText: (amount: string, item: string) => `Approve the payment of ${amount} for ${item}?`,
    approve: 'Approve and pay',
    paypalCancel: 'Cancel',
    paypalNote: 'This is a PayPal look-alike for testing; no real account is used.',
  },
};

function layout(locale: PageLocale, title: string, main: string): string {
  const t = TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="shell">
<header class="top"><div class="brand"><span class="logo" aria-hidden="true">S</span><span>${escapeHtml(t.title)}</span></div><span class="badge">${escapeHtml(t.badge)}</span></header>
${main}
<footer>${escapeHtml(t.footer)}</footer>
</div>
</body>
</html>`;
}

export type CheckoutPageInput = {
  locale: PageLocale;
  packageName: string;
  description: string;
  amount: Money;
  saveMethodOffered: boolean;
  cancelUrl: string;
  // Where the card form posts and where the PayPal button leads.
  action: string;
  paypalAction: string;
  // What the buyer typed, kept when the form comes back with errors (never the CVC).
  values?: { number?: string; expiry?: string; name?: string; saveMethod?: boolean };
  errors?: Partial<Record<CardField, CardError>>;
};

export function checkoutPage(input: CheckoutPageInput): string {
  const t = TEXTS[input.locale];
  const amount = formatMoney(input.amount, input.locale);
  const errors = input.errors ?? {};
  const values = input.values ?? {};
  const field = (
    name: CardField,
    label: string,
    attrs: string,
    value: string | undefined,
  ) => `<div class="field"><label for="card-${name}">${escapeHtml(label)}</label>
<input id="card-${name}" name="${name}" type="text" ${attrs} required value="${escapeHtml(value ?? '')}"${
    errors[name] ? ` aria-invalid="true" aria-describedby="card-${name}-error"` : ''
  }>${errors[name] ? `<p class="error" id="card-${name}-error">${escapeHtml(t.errors[errors[name]])}</p>` : ''}</div>`;
  const alert = Object.keys(errors).length
    ? `<p class="alert" role="alert">${escapeHtml(t.fixFields)}</p>`
    : '';
  const save = input.saveMethodOffered
    ? `<label class="check"><input type="checkbox" name="saveMethod" value="on"${values.saveMethod ? ' checked' : ''}><span>${escapeHtml(t.save)}</span></label>`
    : '';
  const cards = SANDBOX_TEST_CARDS.map(
    (c) =>
      `<li><code>${groupDigits(c.number)}</code><span>${escapeHtml(t.outcomes[c.number] ?? '')}</span></li>`,
  ).join('');
  const main = `<main class="panel">
<div class="summary"><div><h1>${escapeHtml(input.packageName)}</h1><p class="muted">${escapeHtml(input.description)}</p></div>
<div><p class="muted">${escapeHtml(t.total)}</p><div class="amount">${escapeHtml(amount)}</div></div></div>
<form method="post" action="${escapeHtml(input.action)}">
${alert}
${field('number', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"', values.number)}
<div class="row">
${field('expiry', t.expiry, `inputmode="numeric" autocomplete="cc-exp" placeholder="${t.expiryPlaceholder}" maxlength="7"`, values.expiry)}
${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"', undefined)}
</div>
${field('name', t.name, 'autocomplete="cc-name" maxlength="100"', values.name)}
${save}
<button class="btn primary" type="submit">${escapeHtml(t.pay(amount))}</button>
</form>
<div class="or">${escapeHtml(t.or)}</div>
<form method="get" action="${escapeHtml(input.paypalAction)}"><button class="btn paypal" type="submit">${escapeHtml(t.paypal)}</button></form>
<a class="cancel" href="${safeHref(input.cancelUrl)}">${escapeHtml(t.cancel)}</a>
</main>
<section class="tests" aria-labelledby="test-cards"><h2 id="test-cards">${escapeHtml(t.testCards)}</h2><ul>${cards}</ul>
<p class="muted">${escapeHtml(t.otherCards)} ${escapeHtml(t.testCardsHint)}</p></section>`;
  return layout(input.locale, `${t.title} · ${input.packageName}`, main);
}

export type FinishedState = 'paid' | 'failed' | 'refunded' | 'expired';

export function finishedPage(locale: PageLocale, state: FinishedState, returnUrl: string): string {
  const t = TEXTS[locale];
  const [title, text] = t.states[state];
  const mark = state === 'paid' ? '<span class="mark ok">✓</span>' : '<span class="mark bad">!</span>';
  return layout(
    locale,
    title,
    `<main class="panel state">${mark}<h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>
<div class="actions"><a class="btn primary" href="${safeHref(returnUrl)}">${escapeHtml(t.back)}</a></div></main>`,
  );
}

export function notFoundPage(locale: PageLocale): string {
  const [title, text] = TEXTS[locale].notFound;
  return layout(
    locale,
    title,
    `<main class="panel state"><span class="mark bad">?</span><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p></main>`,
  );
}

export function badLinkPage(locale: PageLocale, checkoutUrl: string): string {
  const t = TEXTS[locale];
  const [title, text] = t.badLink;
  return layout(
    locale,
    title,
    `<main class="panel state"><span class="mark bad">!</span><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>
<div class="actions"><a class="btn ghost" href="${safeHref(checkoutUrl)}">${escapeHtml(t.toCheckout)}</a></div></main>`,
  );
}

export function threeDsPage(input: {
  locale: PageLocale;
  amount: Money;
  brand: string;
  last4: string;
  action: string;
  hidden: Record<string, string>;
}): string {
  const t = TEXTS[input.locale];
  const hidden = Object.entries(input.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return layout(
    input.locale,
    t.threeDsTitle,
    `<main class="panel state"><span class="mark">🔒</span><h1>${escapeHtml(t.threeDsTitle)}</h1><p class="muted">${escapeHtml(t.threeDsText)}</p>
<dl class="facts"><div><dt>${escapeHtml(t.merchant)}</dt><dd>Squad</dd></div><div><dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatMoney(input.amount, input.locale))}</dd></div><div><dt>${escapeHtml(t.card)}</dt><dd>${escapeHtml(input.brand.toUpperCase())} •••• ${escapeHtml(input.last4)}</dd></div></dl>
<form method="post" action="${escapeHtml(input.action)}" class="actions">${hidden}
<button class="btn primary" type="submit" name="decision" value="approve">${escapeHtml(t.confirm)}</button>
<button class="btn danger" type="submit" name="decision" value="fail">${escapeHtml(t.fail)}</button>
</form></main>`,
  );
}

export function paypalPage(input: {
  locale: PageLocale;
  packageName: string;
  amount: Money;
  action: string;
  backUrl: string;
}): string {
  const t = TEXTS[input.locale];
  const amount = formatMoney(input.amount, input.locale);
  return layout(
    input.locale,
    t.paypalTitle,
    `<main class="panel state"><span class="mark">P</span><h1>${escapeHtml(t.paypalHeading)}</h1><p class="muted">${escapeHtml(t.paypalText(amount, input.packageName))}</p>
<form method="post" action="${escapeHtml(input.action)}" class="actions">
<button class="btn paypal" type="submit" name="decision" value="approve">${escapeHtml(t.approve)}</button>
<a class="btn ghost" href="${safeHref(input.backUrl)}">${escapeHtml(t.paypalCancel)}</a>
</form><p class="muted note">${escapeHtml(t.paypalNote)}</p></main>`,
  );
}
