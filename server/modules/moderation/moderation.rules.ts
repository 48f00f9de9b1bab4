import { INNOCENT, PHRASES, SAFE_PHRASES, WORDS, type Level, type WordEntry } from './moderation.lexicon.ts';
import { orderReasons, type KnownReason } from './moderation.reasons.ts';
import { analyse, expandRuns, fold, lower, wordsInRange, type Analysis } from './moderation.text.ts';
import { isGibberish, isShouting } from './moderation.noise.ts';
import { MAX_CHECKED_CHARS, THRESHOLDS } from './moderation.thresholds.ts';
import type { CheckContext, CheckResult, MessageChecker } from './moderation.types.ts';

// The built-in engine (ADR 020). Everything is compiled once, at import.

export type Hit = { code: KnownReason; level: Level };

// ---- word lists ------------------------------------------------------------------------------

// One regular expression per view and first letter, each entry one capture group; the first entry that
// matches decides (the lists put block entries first).
function compileWords(view: 'tr' | 'fold', blockOnly = false) {
  const byFirst = new Map<string, WordEntry[]>();
  for (const e of WORDS) {
    if (e.view !== view || (blockOnly && e.level !== 'block')) continue;
    if (!/^\p{Ll}/u.test(e.p)) throw new Error(`moderation lexicon: "${e.p}" must start with a letter`);
    byFirst.set(e.p[0], [...(byFirst.get(e.p[0]) ?? []), e]);
  }
  const compiled = new Map(
    [...byFirst].map(([first, list]) => {
      const source = list.map((e) => `(${expandRuns(e.p)}${e.prefix ? '' : '$'})`).join('|');
      // Each entry must be exactly one capture group, or the lookup below reads the wrong entry.
      if (new RegExp(`${source}|`).exec('')!.length - 1 !== list.length) {
        throw new Error(`moderation lexicon (${view}): a pattern contains a capturing group`);
      }
      return [first, { re: new RegExp(`^(?:${source})`), list }] as const;
    }),
  );
  return (word: string): WordEntry | undefined => {
    const bucket = compiled.get(word[0]);
    const m = bucket?.re.exec(word);
    if (!m) return undefined;
    for (let g = 1; g < m.length; g++) if (m[g] !== undefined) return bucket!.list[g - 1];
    return undefined;
  };
}

const lookupTr = compileWords('tr');
const lookupFold = compileWords('fold');
const lookupTrBlock = compileWords('tr', true);
const lookupFoldBlock = compileWords('fold', true);
const innocentTr = new RegExp(`^(?:${INNOCENT.tr.map(expandRuns).join('|')})`);
const innocentFold = INNOCENT.fold.length
  ? new RegExp(`^(?:${INNOCENT.fold.map(expandRuns).join('|')})`)
  : null;
const innocentFirst = new Set([...INNOCENT.tr, ...INNOCENT.fold].map((w) => w[0]));
const isListedWord = (word: string) => lookupFold(word) !== undefined || lookupTr(word) !== undefined;

const bounded = (source: string) => `(?<![a-z0-9])(?:${source})(?![a-z0-9])`;
// Word text holds only [a-z0-9] words and single spaces, where \b is the same boundary and faster.
const wordBounded = (source: string) => `\\b(?:${source})\\b`;
const phraseRe = new RegExp(PHRASES.map((p) => `(${wordBounded(expandRuns(p.p))})`).join('|'), 'g');
const safeRe = new RegExp(SAFE_PHRASES.map((p) => wordBounded(expandRuns(p))).join('|'), 'g');

function abuseHits(a: Analysis, hits: Hit[]) {
  const safe = new Set<number>();
  for (const m of a.wordText.matchAll(safeRe)) {
    for (const i of wordsInRange(a, m.index, m.index + m[0].length)) safe.add(i);
  }
  for (const c of a.candidates) {
    if (safe.size > 0) {
      let allSafe = true;
      for (let i = c.first; i <= c.last; i++) if (!safe.has(i)) allSafe = false;
      if (allSafe) continue;
    }
    if (innocentFirst.has(c.tr[0]) && (innocentTr.test(c.tr) || innocentFold?.test(c.fold))) continue;
    // Both views may match ("oç" is "oc" folded); the more severe entry wins. Glued pairs only count
    // for severe entries.
    const folded = c.pair ? lookupFoldBlock(c.fold) : lookupFold(c.fold);
    const turkish = c.pair ? lookupTrBlock(c.tr) : lookupTr(c.tr);
    const entry = folded?.level === 'block' || !turkish ? folded : turkish;
    if (entry) hits.push({ code: entry.code, level: entry.level });
  }
  for (const m of a.wordText.matchAll(phraseRe)) {
    for (let g = 1; g < m.length; g++) {
      if (m[g] !== undefined) {
        const p = PHRASES[g - 1];
        hits.push({ code: p.code, level: p.level });
        break;
      }
    }
  }
}

// ---- spam ------------------------------------------------------------------------------------

const TLD =
  'com|net|org|info|biz|io|co|me|tv|gg|ly|app|dev|xyz|site|online|club|top|vip|shop|store|live|link|click|pro|bet|casino|win|tr|uk|ru|us|eu|to|cc|ws|fun|space|website|tech|ai|so|ink|page|blog|news|tk|ml|ga|cf|gq|icu|cam|social|one|world|today|life|games?';
const DEOBFUSCATE_DOT = /\s*(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\[nokta\]|\(nokta\))\s*/g;
const SPOKEN_DOT = new RegExp(`\\s+(?:dot|nokta|\\.)\\s+(?=(?:${TLD})(?![a-z0-9]))`, 'g');
const DEOBFUSCATE_AT = /\s*(?:\[at\]|\(at\)|\{at\}|\[et\]|\(et\))\s*/g;
const SPOKEN_AT =
  /([a-z0-9._-]+)\s+(?:at|et)\s+(gmail|hotmail|outlook|yahoo|yandex|icloud|protonmail|proton|live|msn|mail)(?=\.)/g;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/g;
const URL = new RegExp(
  [
    'https?:\\/\\/\\S+',
    '(?<![a-z0-9])www\\.[a-z0-9-]+\\S*',
    `(?<![a-z0-9@.-])(?:[a-z0-9][a-z0-9-]*\\.)+(?:${TLD})(?![a-z0-9])(?:[/?#]\\S*)?`,
    '(?<![a-z0-9])www[a-z0-9]{3,}(?:com|net|org|info|xyz)(?![a-z0-9])',
  ].join('|'),
  'g',
);
const IBAN = /(?<![a-z0-9])tr[\s.-]?\d{2}(?:[\s.-]?\d){22}(?!\d)/g;
const IBAN_WORD_DIGITS = /iban\D{0,20}(?:\d[\s.-]?){16,}/;
const PAYMENT = /(?<![a-z])(?:yatir|gonder|yolla|havale|eft|odeme|ode(?:yin|r misin)|ucret)/;
const PHONE = /(?<![\d])(\+|00)?\d(?:[\s.\-()/]{0,3}\d){8,14}(?!\d)/g;
const DIGITS9 = /(?:\d\D{0,3}){9}/;
const TR_PHONE = /^(?:(?:90|0)[2-5]\d{9}|5\d{9})$/;

const BETTING_STRONG = new RegExp(
  wordBounded(
    [
      'deneme bonus\\w*',
      'bonus veren',
      'bedava (?:bahis|bonus|spin)\\w*',
      'kacak bahis\\w*',
      'bahis (?:site\\w*|adres\\w*|grub\\w*|kanal\\w*|tahmin\\w*|kupon\\w*|oner\\w*)',
      '(?:casino|kumar|slot|rulet) (?:site\\w*|bonus\\w*|oyunlari)',
      'canli (?:casino|bahis|rulet)\\w*',
      'iddaa (?:kupon|tahmin)\\w*',
      'kupon paylas\\w*',
      'banko (?:kupon|mac)\\w*',
      'free ?spins?',
      'freebet\\w*',
      'cevrimsiz bonus\\w*',
      'hos ?geldin bonus\\w*',
      'ilk uyelik\\w*',
      '(?:mel|most|super|tempo|jojo|mars|seka|pin|youwin|tipo|holi|limit|matador)bet\\w*',
      'betboo\\w*',
      'bettilt\\w*',
      'betist\\w*',
      'bahsegel\\w*',
      'casibom\\w*',
    ].join('|'),
  ),
);
// Brands with digits ("1xbet", "bet365") are looked for in the raw text: leetspeak would rewrite them.
const BETTING_BRAND = new RegExp(bounded('\\d+x?bet\\w*|bet\\d+\\w*'));
const BETTING_WEAK = new RegExp(
  wordBounded('bahis\\w*|iddaa\\w*|casino\\w*|kumar\\w*|slot|rulet\\w*|bonus\\w*|kupon\\w*'),
  'g',
);
const BETTING_IN_LINK = /bahis|bet|casino|slot|iddaa|bonus/;

const CRYPTO_STRONG = new RegExp(
  wordBounded(
    [
      'kazanc garantili',
      'garantili (?:kazanc|kar|getiri)\\w*',
      'kar garantili',
      'yatirim firsat\\w*',
      'airdrop\\w*',
      'sinyal (?:grub|kanal)\\w*',
      'vip (?:grub|uyelik|kanal)\\w*',
      'gunluk kazanc\\w*',
      'pasif gelir\\w*',
      'cuzdan\\w* bagla\\w*',
      'x\\d+ kazan\\w*',
      'pump (?:grub|kanal)\\w*',
    ].join('|'),
  ),
);
const CRYPTO_PERCENT = /gunluk\s*%\s*\d|%\s*\d+\s*(?:kar|kazanc|getiri|gelir)/;
const CRYPTO_ASSET = new RegExp(
  wordBounded(
    'usdt|btc|bitcoin\\w*|kripto\\w*|crypto\\w*|coin\\w*|altcoin\\w*|ethereum|eth|forex|binance|nft\\w*',
  ),
);
const RECRUIT = new RegExp(
  wordBounded('isteyen\\w*|ilgilenen\\w*|ister misin\\w*|detay\\w*|bilgi (?:icin|almak)\\w*'),
);
const CRYPTO_OFFER = new RegExp(
  wordBounded('kazanc\\w*|kazan(?:mak|in|dir\\w*)|yatirim\\w*|firsat\\w*|getiri\\w*|sinyal\\w*|vip|kar payi'),
);
const CRYPTO_IN_LINK = /kazanc|kripto|crypto|coin|airdrop|usdt|forex/;

const ADVERT_STRONG = new RegExp(
  wordBounded(
    [
      'takipci (?:satin|satis|hizmet|paket|al|alin|almak)\\w*',
      '(?:ucuz|hizli|gercek|organik|turk) takipci\\w*',
      'takipci ve begeni\\w*',
      'begeni (?:hizmet|paket|satin)\\w*',
      'evden para kazan\\w*',
      'para kazan(?:mak|mayi|manin)? (?:isteyen|ister)\\w*',
      '\\d+k? (?:takipci|begeni|followers?) \\d+ (?:tl|lira|usd|dolar|euro)',
      'tikla kazan\\w*',
      'hemen tikla\\w*',
    ].join('|'),
  ),
);
// A discount code only counts with the code itself ("indirim kodu: SQUAD50"), not the question.
const ADVERT_WEAK = new RegExp(
  bounded(
    '(?:indirim|promosyon|kupon|referans|davet) kodu?(?:m|mu|muz)?\\s*[:=]?\\s*[a-z]*\\d[a-z0-9]*|kodumu kullan\\w*|ref(?:erans)? link\\w*',
  ),
);

const CHANNEL =
  '(?:whatsapp|whatsap|watsap|watsapp|wp|wpp|wapp|insta|instagram|ig|snap|snapchat|telegram|telgram|tg|facebook|tiktok|twitter|skype|viber)';
const SUFFIX = '(?:dan|den|tan|ten|a|e|ya|ye|da|de|ta|te|im|um|imi|umu|imdan|imden|i|u)';
const VERB =
  '(?:yaz\\w*|ulas\\w*|don|donun|donus yap\\w*|ekle|ekleyin|eklersin|ekleyebilirsin|ekler misin|takip et\\w*|takiple\\w*|katil|katilin|katilabilirsin\\w*|konusal\\w*|konusuruz|gel|gelin|bak|bakin|at|atin|atarsin|mesaj at\\w*)';
const OFF_PLATFORM = new RegExp(
  wordBounded(
    [
      `${CHANNEL}${SUFFIX}?(?: ${SUFFIX})?(?: \\w+){0,2} ${VERB}`,
      `(?:yaz|ulas|ekle|takip et)\\w*(?: \\w+){0,2} ${CHANNEL}${SUFFIX}?`,
      'numara(?:mi|mizi|ni|nizi|yi) (?:al|kaydet|yaz|ver|at|ister)\\w*',
      '(?:beni|bana) (?:ara|arayin|arasana|arar misin|arayabilirsin)',
      'ara beni',
      'buradan degil',
    ].join('|'),
  ),
);
// "dm" is off-platform unless the message says it means the app's own messages.
const DM = new RegExp(wordBounded('dm(?:den|dan|e|ye|le|ler|lerden)?'));
const IN_APP = new RegExp(wordBounded('uygulama(?:dan|da|nin|icinden)|squad(?:dan|da|tan|ta|in)?'));
const HANDLE = new RegExp(
  `(?<![a-z0-9])(?:insta|instagram|ig|snap|snapchat|telegram|tg|whatsapp|wp|tiktok|twitter|skype|viber)(?:im|um|imiz)?\\s*(?:[:=>]|-+>?)\\s*@?[a-z0-9._]{2,}|(?<![a-z0-9])(?:insta|instagram|ig|snap|snapchat|telegram|tg|tiktok|twitter)(?:im|um|imiz)?\\s+@[a-z0-9._]{2,}|(?<![a-z0-9])(?:t\\.me|wa\\.me|chat\\.whatsapp\\.com)\\/`,
);

const CONTACT: ReadonlySet<KnownReason> = new Set(['link', 'phone', 'email', 'iban', 'off_platform']);
const COMMERCIAL: ReadonlySet<KnownReason> = new Set(['betting', 'crypto', 'advert']);
const SPAM: ReadonlySet<KnownReason> = new Set([...CONTACT, ...COMMERCIAL]);

function spamHits(a: Analysis, hits: Hit[]) {
  let flat = a.flat;
  // The rewrites only run when their trigger is there at all.
  if (/[[({]/.test(flat)) flat = flat.replace(DEOBFUSCATE_DOT, '.').replace(DEOBFUSCATE_AT, '@');
  if (/ (?:dot|nokta|\.) /.test(flat)) flat = flat.replace(SPOKEN_DOT, '.');
  if (/ [ae]t /.test(flat)) flat = flat.replace(SPOKEN_AT, '$1@$2');
  const words = a.wordText;
  const found = new Set<KnownReason>();

  if (flat.includes('@') && flat.match(EMAIL)) {
    found.add('email');
    flat = flat.replace(EMAIL, ' ');
  }
  const links = flat.match(URL) ?? [];
  let betting: Level | 'weak' | undefined;
  let crypto: Level | undefined;
  if (links.length) {
    found.add('link');
    flat = flat.replace(URL, ' ');
    const joined = links.join(' ');
    if (BETTING_IN_LINK.test(joined)) betting = 'review';
    if (CRYPTO_IN_LINK.test(joined)) crypto = 'review';
  }
  const ibans = flat.match(IBAN);
  if (ibans || IBAN_WORD_DIGITS.test(flat)) {
    found.add('iban');
    if (PAYMENT.test(words)) hits.push({ code: 'iban', level: 'block' });
    flat = flat.replace(IBAN, ' ');
  }
  for (const m of DIGITS9.test(flat) ? flat.matchAll(PHONE) : []) {
    let digits = m[0].replace(/\D/g, '');
    if (m[1] === '00') digits = digits.slice(2);
    if (TR_PHONE.test(digits) || (m[1] && digits.length >= 10 && digits.length <= 13)) {
      found.add('phone');
      break;
    }
  }
  if (OFF_PLATFORM.test(words) || HANDLE.test(a.flat) || (DM.test(words) && !IN_APP.test(words))) {
    found.add('off_platform');
  }

  if (BETTING_STRONG.test(words) || BETTING_BRAND.test(a.flat)) betting = 'block';
  else {
    const weak = new Set([...words.matchAll(BETTING_WEAK)].map((m) => m[0].slice(0, 4)));
    if (weak.size >= 2) betting ??= 'review';
    else if (weak.size === 1) betting ??= 'weak';
  }
  if (CRYPTO_STRONG.test(words) || CRYPTO_PERCENT.test(a.flat)) crypto = 'block';
  // Talking about an investment is fine; an investment pitch to strangers is not.
  else if (CRYPTO_ASSET.test(words) && CRYPTO_OFFER.test(words))
    crypto = RECRUIT.test(words) ? 'block' : 'review';
  const advert: Level | undefined = ADVERT_STRONG.test(words)
    ? 'block'
    : ADVERT_WEAK.test(a.flat)
      ? 'review'
      : undefined;

  const hasContact = [...found].some((c) => CONTACT.has(c));
  // A lone betting word ("maçtan sonra iddaa oynarız") is talk; with a way to reach someone it is an ad.
  if (betting === 'weak') betting = hasContact ? 'review' : undefined;
  if (betting) hits.push({ code: 'betting', level: betting });
  if (crypto) hits.push({ code: 'crypto', level: crypto });
  if (advert) hits.push({ code: 'advert', level: advert });
  for (const code of found) hits.push({ code, level: 'review' });
}

// ---- context: duplicates and floods ----------------------------------------------------------

// Cheap on purpose: it runs over every recent message.
export function normalizeForDuplicate(text: string): string {
  return fold(lower(text.slice(0, MAX_CHECKED_CHARS)))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// The same history is looked at on every check of a user: keep recent normalisations (bounded).
const normalized = new Map<string, { text: string; words: Set<string> }>();
function normalizedRecent(text: string) {
  let n = normalized.get(text);
  if (!n) {
    if (normalized.size >= 2000) normalized.clear();
    const norm = normalizeForDuplicate(text);
    n = { text: norm, words: new Set(norm.split(' ')) };
    normalized.set(text, n);
  }
  return n;
}

function similar(a: string, aWords: Set<string>, b: { text: string; words: Set<string> }): boolean {
  if (a === b.text) return true;
  const bWords = b.words;
  if (aWords.size < 4 || bWords.size < 4) return false;
  // Jaccard ≥ s needs the smaller set to be at least s times the larger one.
  const [small, large] = aWords.size < bWords.size ? [aWords.size, bWords.size] : [bWords.size, aWords.size];
  if (small < large * THRESHOLDS.duplicateSimilarity) return false;
  let common = 0;
  for (const w of aWords) if (bWords.has(w)) common++;
  return common / (aWords.size + bWords.size - common) >= THRESHOLDS.duplicateSimilarity;
}

function contextHits(checked: string, context: CheckContext, hits: Hit[]) {
  if (context.recentMessages.length === 0) return;
  const text = normalizeForDuplicate(checked);
  const now = context.now.getTime();
  const recent = context.recentMessages.filter((m) => {
    const t = m.createdAt.getTime();
    return t <= now && now - t <= THRESHOLDS.recentWindowMs;
  });
  const inFlood = recent.filter((m) => now - m.createdAt.getTime() <= THRESHOLDS.floodWindowMs).length + 1;
  if (inFlood >= THRESHOLDS.floodReview) hits.push({ code: 'flood', level: 'review' });

  if (text.replace(/ /g, '').length < THRESHOLDS.duplicateMinChars) return;
  const words = new Set(text.split(' '));
  const events = new Set<string>();
  for (const m of recent) {
    if (similar(text, words, normalizedRecent(m.text))) events.add(m.eventId);
  }
  const count = events.size + 1;
  if (count >= THRESHOLDS.duplicateBlock) hits.push({ code: 'duplicate', level: 'block' });
  else if (count >= THRESHOLDS.duplicateReview) hits.push({ code: 'duplicate', level: 'review' });
}

// ---- verdict ---------------------------------------------------------------------------------

// Block on any severe signal, on an advert that comes with a way to reach the sender, or on three or
// more spam signals together; otherwise review on any signal.
export function combine(hits: Hit[]): Omit<CheckResult, 'engine'> {
  if (hits.length === 0) return { verdict: 'ok', reasons: [] };
  const codes = new Set(hits.map((h) => h.code));
  const spam = [...codes].filter((c) => SPAM.has(c));
  const block =
    hits.some((h) => h.level === 'block') ||
    (spam.some((c) => COMMERCIAL.has(c)) && spam.some((c) => CONTACT.has(c))) ||
    spam.length >= THRESHOLDS.spamSignalsBlock;
  return { verdict: block ? 'block' : 'review', reasons: orderReasons(codes) };
}

export function checkWithRules(text: string, context: CheckContext): CheckResult {
  if (text.trim() === '') return { verdict: 'ok', reasons: [], engine: 'rules' };
  const checked = text.slice(0, MAX_CHECKED_CHARS);
  const a = analyse(checked, isListedWord);
  const hits: Hit[] = [];
  abuseHits(a, hits);
  spamHits(a, hits);
  if (isShouting(checked)) hits.push({ code: 'shouting', level: 'review' });
  if (isGibberish(a)) hits.push({ code: 'gibberish', level: 'review' });
  contextHits(checked, context, hits);
  return { ...combine(hits), engine: 'rules' };
}

export function createRulesChecker(): MessageChecker {
  return { check: async (text, context) => checkWithRules(text, context) };
}
