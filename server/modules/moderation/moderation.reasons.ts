import type { Category, ReasonCode, Verdict } from './moderation.types.ts';

// The closed set of reason codes (ADR 036): each belongs to one category and has a casual Turkish and
// English text. The table's order is the order results list them in, most serious first, grouped by
// category. Hosts and requesters see the texts; clients and analytics key on the codes.
const TABLE = {
  threat: { category: 'threat', tr: 'Mesajında tehdit var', en: 'Your message contains a threat' },
  self_harm: {
    category: 'self_harm',
    tr: 'Mesajda kendine zarar verme düşüncesi geçiyor',
    en: 'The message mentions thoughts of self-harm',
  },
  doxxing: {
    category: 'doxxing',
    tr: 'Mesajında birinin kişisel bilgilerini bilme ya da yayma var',
    en: 'Your message knows or threatens to publish someone’s personal details',
  },
  stalking: {
    category: 'doxxing',
    tr: 'Mesajında birini izlediğine ya da takip ettiğine dair sözler var',
    en: 'Your message suggests watching or following someone',
  },
  predatory: {
    category: 'predatory',
    tr: 'Mesajında yaşla ya da yalnız gelmekle ilgili rahatsız edici sorular var',
    en: 'Your message asks uncomfortable questions about age or coming alone',
  },
  minors: {
    category: 'predatory',
    tr: 'Mesajında reşit olmayanlara yönelik ilgi var',
    en: 'Your message shows an interest in minors',
  },
  secrecy: {
    category: 'predatory',
    tr: 'Mesajında bir şeyi gizli tutma ya da kimseye söylememe isteği var',
    en: 'Your message asks to keep something secret',
  },
  hate: { category: 'hate', tr: 'Mesajında nefret söylemi var', en: 'Your message contains hate speech' },
  sexual: {
    category: 'sexual',
    tr: 'Mesajında cinsel içerik var',
    en: 'Your message contains sexual content',
  },
  advances: {
    category: 'sexual',
    tr: 'Mesajında görünüşe dair ya da flörtöz sözler var',
    en: 'Your message contains remarks about looks or flirting',
  },
  harassment: { category: 'harassment', tr: 'Mesajında hakaret var', en: 'Your message contains insults' },
  sexism: {
    category: 'harassment',
    tr: 'Mesajında cinsiyetçi sözler var',
    en: 'Your message contains sexist remarks',
  },
  body_shaming: {
    category: 'harassment',
    tr: 'Mesajında birinin görünüşüyle alay var',
    en: 'Your message mocks someone’s looks',
  },
  scam: {
    category: 'scam',
    tr: 'Mesajın dolandırıcılık gibi görünüyor',
    en: 'Your message looks like a scam',
  },
  phishing: {
    category: 'scam',
    tr: 'Mesajında şifre, kod ya da kart bilgisi isteniyor',
    en: 'Your message asks for a password, a code or card details',
  },
  wallet: {
    category: 'scam',
    tr: 'Mesajında kripto cüzdan adresi var',
    en: 'Your message contains a crypto wallet address',
  },
  premium_rate: {
    category: 'scam',
    tr: 'Mesajında ücretli hat ya da SMS numarası var',
    en: 'Your message contains a premium-rate number',
  },
  crypto: {
    category: 'scam',
    tr: 'Mesajında kripto ya da yatırım teklifi var',
    en: 'Your message contains a crypto or investment offer',
  },
  iban: { category: 'scam', tr: 'Mesajında IBAN var', en: 'Your message contains an IBAN' },
  profanity: { category: 'profanity', tr: 'Mesajında küfür var', en: 'Your message contains swearing' },
  off_platform: {
    category: 'off_platform',
    tr: 'Mesajında sohbeti Squad dışına taşıma isteği var',
    en: 'Your message asks to move the chat off Squad',
  },
  phone: {
    category: 'off_platform',
    tr: 'Mesajında telefon numarası var',
    en: 'Your message contains a phone number',
  },
  email: {
    category: 'off_platform',
    tr: 'Mesajında e-posta adresi var',
    en: 'Your message contains an e-mail address',
  },
  spam: { category: 'spam', tr: 'Mesajın spam gibi görünüyor', en: 'Your message looks like spam' },
  betting: { category: 'spam', tr: 'Mesajında bahis reklamı var', en: 'Your message advertises betting' },
  adult_promo: {
    category: 'spam',
    tr: 'Mesajında yetişkin içerik reklamı var',
    en: 'Your message promotes adult content',
  },
  boosting: {
    category: 'spam',
    tr: 'Mesajında hesap, rank ya da takipçi satışı var',
    en: 'Your message sells accounts, rank boosts or followers',
  },
  advert: { category: 'spam', tr: 'Mesajında reklam var', en: 'Your message contains an advert' },
  referral: {
    category: 'spam',
    tr: 'Mesajında referans ya da davet kodu var',
    en: 'Your message contains a referral or invite code',
  },
  template: {
    category: 'spam',
    tr: 'Mesajında doldurulmamış şablon alanları var',
    en: 'Your message has unfilled template fields',
  },
  mass_message: {
    category: 'spam',
    tr: 'Mesajını birçok etkinliğe gönderdiğini yazmışsın',
    en: 'Your message says it was sent to many events',
  },
  link: { category: 'spam', tr: 'Mesajında bağlantı var', en: 'Your message contains a link' },
  duplicate: {
    category: 'spam',
    tr: 'Aynı mesajı birçok etkinliğe göndermişsin',
    en: 'You sent the same message to many events',
  },
  flood: {
    category: 'spam',
    tr: 'Kısa sürede çok fazla istek göndermişsin',
    en: 'You sent too many requests in a short time',
  },
  repetition: {
    category: 'spam',
    tr: 'Mesajında aynı şey tekrar tekrar yazılmış',
    en: 'Your message repeats the same thing over and over',
  },
  emoji_flood: {
    category: 'spam',
    tr: 'Mesajın neredeyse tamamen emoji',
    en: 'Your message is almost all emoji',
  },
  shouting: {
    category: 'spam',
    tr: 'Mesajın neredeyse tamamen büyük harf',
    en: 'Your message is almost all caps',
  },
  gibberish: { category: 'spam', tr: 'Mesajın anlamsız görünüyor', en: 'Your message looks like gibberish' },
} as const satisfies Record<string, { category: Category; tr: string; en: string }>;

export type KnownReason = keyof typeof TABLE;
export const REASON_CODES = Object.keys(TABLE) as KnownReason[];

// What the message itself shows (an LLM can judge these); duplicate and flood come from the context.
export const CONTENT_REASONS: readonly KnownReason[] = REASON_CODES.filter(
  (c) => c !== 'duplicate' && c !== 'flood',
);

const FALLBACK = { tr: 'Mesajının kontrol edilmesi gerekiyor', en: 'Your message needs a check' };

export const isKnownReason = (code: string): code is KnownReason => Object.hasOwn(TABLE, code);

export function reasonText(code: ReasonCode, locale: 'tr' | 'en'): string {
  return (isKnownReason(code) ? TABLE[code] : FALLBACK)[locale === 'en' ? 'en' : 'tr'];
}

// The category of a code; an unknown code (an old stored one) counts as spam, the mildest.
export function categoryOf(code: ReasonCode): Category {
  return isKnownReason(code) ? TABLE[code].category : 'spam';
}

// Codes in the canonical order, without duplicates.
export function orderReasons(codes: Iterable<ReasonCode>): ReasonCode[] {
  const set = new Set(codes);
  const known = REASON_CODES.filter((c) => set.has(c));
  return [...known, ...[...set].filter((c) => !isKnownReason(c))];
}

// The categories of ordered reasons, most serious first.
export const categoriesOf = (reasons: readonly ReasonCode[]): Category[] => [
  ...new Set(orderReasons(reasons).map(categoryOf)),
];

const RANK: Record<Verdict, number> = { ok: 0, review: 1, block: 2 };
export const maxVerdict = (a: Verdict, b: Verdict): Verdict => (RANK[a] >= RANK[b] ? a : b);
export const minVerdict = (a: Verdict, b: Verdict): Verdict => (RANK[a] <= RANK[b] ? a : b);
