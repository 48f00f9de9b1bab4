// The sandbox checkout's card rules: the syntax checks a real checkout makes before it talks to a bank,
// and what each test card does (modelled on Stripe's test cards, so people recognise them).

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';
export type CardError = 'invalid_number' | 'invalid_expiry' | 'expired' | 'invalid_cvc' | 'missing_name';

export type CardInput = { number?: string; expiry?: string; cvc?: string; name?: string };

export type CheckedCard = {
  number: string;
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
  holder: string;
};

export type CardCheck =
  { ok: true; card: CheckedCard } | { ok: false; errors: Partial<Record<CardField, CardError>> };

export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declines'; reason: 'card_declined' | 'insufficient_funds' }
  | { kind: 'requires3ds' };

// In the order the checkout page lists them.
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', behaviour: { kind: 'succeeds' } },
  { number: '4000000000000002', behaviour: { kind: 'declines', reason: 'card_declined' } },
  { number: '4000002760003184', behaviour: { kind: 'requires3ds' } },
  { number: '4000000000009995', behaviour: { kind: 'declines', reason: 'insufficient_funds' } },
  // Succeeds now; a saved 0341 card declines later off-session charges (see chargeSaved).
  { number: '4000000000000341', behaviour: { kind: 'succeeds' } },
] as const satisfies readonly { number: string; behaviour: CardBehaviour }[];

// Off-session charges of saved methods whose id carries one of these last-4 markers decline.
export const OFF_SESSION_DECLINES: Record<string, 'card_declined' | 'insufficient_funds'> = {
  '0341': 'card_declined',
  '0002': 'card_declined',
  '9995': 'insufficient_funds',
};

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (digits.startsWith('9792')) return 'troy';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65) return 'discover';
  if (two === 35) return 'jcb';
  return 'unknown';
}

export function cardBehaviour(digits: string): CardBehaviour {
  return SANDBOX_TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? { kind: 'succeeds' };
}

// "MM/YY", "MM / YY", "MMYY" or "MM/YYYY"; null when it is not a month and year.
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<CardField, CardError>> = {};
  const digits = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits) || !luhnValid(digits)) errors.number = 'invalid_number';
  const expiry = parseExpiry(input.expiry ?? '');
  if (!expiry) errors.expiry = 'invalid_expiry';
  // A card is good until the end of its expiry month.
  else if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    errors.expiry = 'expired';
  if (!/^\d{3}$/.test((input.cvc ?? '').trim())) errors.cvc = 'invalid_cvc';
  const holder = (input.name ?? '').trim();
  if (!holder || holder.length > 100) errors.name = 'missing_name';
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return {
    ok: true,
    card: {
      number: digits,
      last4: digits.slice(-4),
      brand: cardBrand(digits),
      expMonth: expiry.month,
      expYear: expiry.year,
      holder,
    },
  };
}
