import type { ReasonCode, Verdict } from './moderation.types.ts';

// The closed set of reason codes, in the order results list them (most serious first). Hosts and
// requesters see the text; clients and analytics key on the code.
export const REASON_CODES = [
  'threat',
  'hate',
  'sexual',
  'harassment',
  'profanity',
  'betting',
  'crypto',
  'advert',
  'iban',
  'phone',
  'email',
  'link',
  'off_platform',
  'duplicate',
  'flood',
  'shouting',
  'gibberish',
] as const;

export type KnownReason = (typeof REASON_CODES)[number];

// What the message itself shows (an LLM can judge these); duplicate and flood come from the context.
export const CONTENT_REASONS: readonly KnownReason[] = REASON_CODES.filter(
  (c) => c !== 'duplicate' && c !== 'flood',
);

const TEXTS: Record<KnownReason, { tr: string; en: string }> = {
  threat: { tr: 'Mesajında tehdit var', en: 'Your message contains a threat' },
  hate: { tr: 'Mesajında nefret söylemi var', en: 'Your message contains hate speech' },
  sexual: { tr: 'Mesajında cinsel içerik var', en: 'Your message contains sexual content' },
  harassment: { tr: 'Mesajında hakaret var', en: 'Your message contains insults' },
  profanity: { tr: 'Mesajında küfür var', en: 'Your message contains swearing' },
  betting: { tr: 'Mesajında bahis reklamı var', en: 'Your message advertises betting' },
  crypto: {
    tr: 'Mesajında kripto ya da yatırım teklifi var',
    en: 'Your message contains a crypto or investment offer',
  },
  advert: { tr: 'Mesajında reklam var', en: 'Your message contains an advert' },
  iban: { tr: 'Mesajında IBAN var', en: 'Your message contains an IBAN' },
  phone: { tr: 'Mesajında telefon numarası var', en: 'Your message contains a phone number' },
  email: { tr: 'Mesajında e-posta adresi var', en: 'Your message contains an e-mail address' },
  link: { tr: 'Mesajında bağlantı var', en: 'Your message contains a link' },
  off_platform: {
    tr: 'Mesajında sohbeti Squad dışına taşıma isteği var',
    en: 'Your message asks to move the chat off Squad',
  },
  duplicate: {
    tr: 'Aynı mesajı birçok etkinliğe göndermişsin',
    en: 'You sent the same message to many events',
  },
  flood: {
    tr: 'Kısa sürede çok fazla istek göndermişsin',
    en: 'You sent too many requests in a short time',
  },
  shouting: { tr: 'Mesajın neredeyse tamamen büyük harf', en: 'Your message is almost all caps' },
  gibberish: { tr: 'Mesajın anlamsız görünüyor', en: 'Your message looks like gibberish' },
};

const FALLBACK = { tr: 'Mesajının kontrol edilmesi gerekiyor', en: 'Your message needs a check' };

export const isKnownReason = (code: string): code is KnownReason => Object.hasOwn(TEXTS, code);

export function reasonText(code: ReasonCode, locale: 'tr' | 'en'): string {
  return (isKnownReason(code) ? TEXTS[code] : FALLBACK)[locale === 'en' ? 'en' : 'tr'];
}

// Codes in the canonical order, without duplicates.
export function orderReasons(codes: Iterable<ReasonCode>): ReasonCode[] {
  const set = new Set(codes);
  const known = REASON_CODES.filter((c) => set.has(c));
  return [...known, ...[...set].filter((c) => !isKnownReason(c))];
}

const RANK: Record<Verdict, number> = { ok: 0, review: 1, block: 2 };
export const maxVerdict = (a: Verdict, b: Verdict): Verdict => (RANK[a] >= RANK[b] ? a : b);
