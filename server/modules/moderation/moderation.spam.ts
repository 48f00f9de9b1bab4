import { wordBounded, type Hit } from './moderation.hits.ts';
import type { Level } from './moderation.lexicon.ts';
import type { KnownReason } from './moderation.reasons.ts';
import { spellDigits } from './moderation.normalize.ts';
import type { Analysis } from './moderation.text.ts';
import { promoHits, SCAM_WORDS } from './moderation.spam.promo.ts';

// Contact details and where they lead (ADR 020, 036): links, e-mails, phone numbers (also spelled
// out), IBANs, wallets, premium-rate lines and the pressure to move the chat off Squad. The commercial
// signals (betting, boosting, …) live in moderation.spam.promo.ts.

const TLD =
  'com|net|org|info|biz|io|co|me|tv|gg|ly|app|dev|xyz|site|online|club|top|vip|shop|store|live|link|click|pro|bet|casino|win|tr|uk|ru|us|eu|to|cc|ws|fun|space|website|tech|ai|so|ink|page|blog|news|tk|ml|ga|cf|gq|icu|cam|social|one|world|today|life|games?';
const DEOBFUSCATE_DOT = /\s*(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\[nokta\]|\(nokta\))\s*/g;
const SPOKEN_DOT = new RegExp(`\\s+(?:dot|nokta|\\.)\\s+(?=(?:${TLD})(?![a-z0-9]))`, 'g');
const DEOBFUSCATE_AT = /\s*(?:\[at\]|\(at\)|\{at\}|\[et\]|\(et\))\s*/g;
const SPOKEN_AT =
  /([a-z0-9._-]+)\s+(?:at|et)\s+(gmail|hotmail|outlook|yahoo|yandex|icloud|protonmail|proton|live|msn|mail)(?=\.|\s+com\b|$)/g;
const BARE_MAIL = /([a-z0-9._-]+)\s+(gmail|hotmail|outlook|yandex)\s*(?:\.\s*)?com\b/g;
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
// Someone's own game or chess profile: the way online events find each other (ADR 036).
const GAME_PROFILE =
  /^(?:https?:\/\/)?(?:www\.)?(?:steamcommunity\.com|(?:[a-z]{2,4}\.)?op\.gg|u\.gg|faceit\.com|tracker\.gg|lichess\.org|chess\.com|battle\.net|blitz\.gg|dotabuff\.com|leagueofgraphs\.com|psnprofiles\.com)(?:[/?#]|$)/;
// A link that pretends to be Squad's own, with an account word: phishing.
const FAKE_SQUAD =
  /squad[a-z0-9-]*[.-](?:\S*(?:destek|giris|login|verify|dogrula|support|token|hesap))|(?:destek|giris|login|verify|support|token|hesap)\S*squad/;
const IBAN = /(?<![a-z0-9])tr[\s.-]?\d{2}(?:[\s.-]?\d){22}(?!\d)/g;
const IBAN_WORD_DIGITS = /iban\D{0,20}(?:\d[\s.-]?){16,}/;
const PAYMENT = /(?<![a-z])(?:yatir|gonder|yolla|havale|eft|odeme|ode(?:yin|r misin)|ucret|yardim)/;
const PHONE = /(?<![\d])(\+|00)?\d(?:[\s.\-()/]{0,3}\d){8,14}(?!\d)/g;
const DIGITS9 = /(?:\d\D{0,3}){9}/;
const TR_PHONE = /^(?:(?:90|0)[2-5]\d{9}|5\d{9})$/;
// Premium-rate lines (0900 in Turkey, 1-900 elsewhere) and SMS short codes with a keyword.
const PREMIUM = /(?<!\d)(?:\+?90[\s.-]?|0[\s.-]?|1[\s.-])?900(?:[\s.-]?\d){3,8}(?!\d)|(?<!\d)0900\b/;
const SHORT_CODE =
  /(?<![\p{L}\d])[A-ZÇĞİÖŞÜ]{3,}\s+(?:yaz(?:ıp|ip)?|text|send)\b.{0,20}(?<!\d)\d{4,5}(?!\d)|\b(?:text|send)\s+[A-Z]{3,}\s+to\s+\d{4,5}\b|(?<!\d)\d{4,5}['’]?[ae]\s+[A-ZÇĞİÖŞÜ]{3,}\s+yaz/u;
// Crypto addresses: Bitcoin (legacy and bech32), Ethereum-style, Tron, Dogecoin, Litecoin.
const WALLET =
  /\b(?:bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[a-fA-F0-9]{40}|T[a-km-zA-HJ-NP-Z1-9]{33}|D[5-9A-HJ-NP-U][1-9A-HJ-NP-Za-km-z]{32}|[LM][a-km-zA-HJ-NP-Z1-9]{26,33})\b/;
const HAS_DIGIT_AND_CASE = /(?=.*\d)(?=.*[A-Z])(?=.*[a-z])|^bc1|^0x/;

const CHANNEL =
  '(?:whatsapp|whatsap|watsap|watsapp|vatsap|vatsapp|wp|wpp|wapp|w app|insta|instagram|ig|snap|snapchat|telegram|telgram|teleg?ram|tg|facebook|face|tiktok|twitter|skype|viber|kik|line|wechat|signal)';
const SUFFIX = '(?:dan|den|tan|ten|a|e|ya|ye|da|de|ta|te|im|um|imi|umu|imdan|imden|i|u|in|un|ime)';
const VERB =
  '(?:kullanalim|yaz\\w*|ulas\\w*|don|donun|donus yap\\w*|ekle|ekleyin|eklersin|ekleyebilirsin|ekler misin|takip et\\w*|takiple\\w*|katil|katilin|katilabilirsin\\w*|konusal\\w*|konusuruz|devam edelim|gecelim|gel|gelin|bak|bakin|at|atin|atarsin|atar misin|mesaj at\\w*|mesajlas\\w*)';
const OFF_PLATFORM = new RegExp(
  wordBounded(
    [
      // not the channel's group, page or app, nor building on it ("Telegram bot yazma atölyesi")
      `${CHANNEL}${SUFFIX}?(?: ${SUFFIX})?(?: (?!grub|grup|sayfa|hesab|kanal|buradan|burdan|uygulama|squad|bot|api)\\w+){0,2} ${VERB}`,
      `${CHANNEL}(?:in|un|n|imi) (?:var mi|ne)`,
      `${CHANNEL} (?:adin|id\\w*|kullanici adin) ne`,
      `(?:yaz|ulas|ekle|takip et)\\w*(?: \\w+){0,2} ${CHANNEL}${SUFFIX}?`,
      // Not "numara vermeye gerek yok", "numara istemiyorum": saying there is no need.
      // Nor "kimse numara vermesin" (a rule), nor "öğrenci numaranızı yazın" (not a phone's).
      'numara(?<!\\b(?:ogrenci|okul|sicil|siparis|masa|forma|oda|bilet|takip|koltuk|daire) numara)(?:mi|mizi|ni|nizi|yi|n)? (?:al|kaydet|yaz|ver|at|ister|birak|alabilir)(?!m[aei](?:y|z\\b|m\\b|\\b|s[iu]n\\b))\\w*(?!\\w)(?! (?:gerek|zorunda|sart|istemiyorum|istemem|yok)\\b)',
      'numara(?:mi|m) (?:profil|bio)\\w*(?! yok| degil| \\w+m[ae](?:dim|dik|yecegim|yacagim)\\b)',
      'telefon(?:unu|numarani) (?:ver|yaz|at)\\w*',
      'telefonuna (?:mesaj|yaz)\\w*',
      '(?:beni|bana) (?:ara|arayin|arasana|arar misin|arayabilirsin)',
      'ara beni',
      'arar misin beni',
      'oradan ara',
      'buradan (?:degil|konusmayalim|konusmak istemiyorum)',
      '(?:uygulama|app) disinda',
      'uygulamadan degil',
      'baska (?:yerde|yerden) konus\\w*',
      'telefondan konus\\w*',
      'ozelden ulas\\w*',
      '(?:whats|what is|what s) (?:your|ur) number',
      'numaran ne',
      'telefon numaran',
      'oradan (?:yaz|ulas|ara)\\w*',
      '(?:can i get|give me|send me) (?:your|ur) number',
      '(?:text|call) me',
      'hit me up',
      '(?:add|follow|dm|message) me on',
      '(?:talk|chat) on (?:whatsapp|telegram|insta\\w*|snap\\w*)',
      '(?:move this|continue this) (?:chat|conversation)',
      'somewhere else',
      'my (?:snap|insta|number) is',
      `${CHANNEL} id`,
      'email me',
      'mail(?:ime|e) (?:yaz|at)\\w*',
    ].join('|'),
  ),
);
// "dm" is off-platform unless the message says it means the app's own messages.
// Nor "DM'ye gerek yok", nor "DM'den isteyen olursa bildirin", "DM'den para isterse bildirin",
// "DM'den ısrarla yazan engellenir" (where to report, what is blocked), nor a table-top game's dungeon master.
const DM = new RegExp(
  wordBounded(
    'dm(?! ?(?:den|dan|e|ye|le|ler|lerden)? (?:gerek|yok|atmayin|yazmayin)\\b)' +
      '(?! ?(?:den|dan|lerden)? (?:\\w+ ){0,2}(?:isteyen|yazan|atan|isterse|yazarsa|atarsa)\\w* (?:(?:olursa|varsa) )?(?:\\w+ )?(?:bildir|sikayet|rapor|engelle|report|block)\\w*)' +
      '(?: ?(?:den|dan|e|ye|le|ler|lerden)\\b)?',
  ),
);
const TABLETOP = new RegExp(
  wordBounded('dnd|d d|dungeons?|zindan\\w*|tpk|zar\\w*|kampanya\\w*|one shot|oneshot|karakter\\w*'),
);
const IN_APP = new RegExp(wordBounded('uygulama(?:dan|da|nin|icinden)|squad(?:dan|da|tan|ta|in)?'));
const HANDLE = new RegExp(
  `(?<![a-z0-9])(?:insta|instagram|ig|snap|snapchat|telegram|tg|whatsapp|wp|tiktok|twitter|skype|viber|kik|line)(?:im|um|imiz)?\\s*(?:[:=>]|-+>?)\\s*@?[a-z0-9._]{2,}|(?<![a-z0-9])(?:insta|instagram|ig|snap|snapchat|telegram|tg|tiktok|twitter)(?:im|um|imiz)?\\s+@[a-z0-9._]{2,}|(?<![a-z0-9])(?:t\\.me|wa\\.me|chat\\.whatsapp\\.com)\\/`,
);

export const CONTACT: ReadonlySet<KnownReason> = new Set([
  'link',
  'phone',
  'email',
  'iban',
  'off_platform',
  'wallet',
]);

export type SpamFacts = { links: string[]; gameLinks: string[]; handleOnly: boolean };

export function contactHits(a: Analysis, raw: string, hits: Hit[]): SpamFacts {
  let flat = a.flat;
  // The rewrites only run when their trigger is there at all.
  if (/[[({]/.test(flat)) flat = flat.replace(DEOBFUSCATE_DOT, '.').replace(DEOBFUSCATE_AT, '@');
  if (/ (?:dot|nokta|\.) /.test(flat)) flat = flat.replace(SPOKEN_DOT, '.');
  if (/ [ae]t /.test(flat)) flat = flat.replace(SPOKEN_AT, '$1@$2');
  if (/mail|gmail|hotmail|outlook|yandex/.test(flat)) flat = flat.replace(BARE_MAIL, '$1@$2.com');
  const words = a.wordText;
  const found = new Set<KnownReason>();
  const add = (code: KnownReason, level: Level = 'review') => hits.push({ code, level });

  if (flat.includes('@') && flat.match(EMAIL)) {
    found.add('email');
    flat = flat.replace(EMAIL, ' ');
  }
  const allLinks = flat.match(URL) ?? [];
  const gameLinks = allLinks.filter((l) => GAME_PROFILE.test(l));
  const links = allLinks.filter((l) => !GAME_PROFILE.test(l));
  if (allLinks.length) flat = flat.replace(URL, ' ');
  if (links.length) {
    found.add('link');
    const joined = links.join(' ');
    if (FAKE_SQUAD.test(joined)) add('phishing', 'block');
    if (/bahis|bet|casino|slot|iddaa|bonus/.test(joined)) add('betting');
    if (/kazanc|kripto|crypto|coin|airdrop|usdt|forex/.test(joined)) add('crypto');
    if (/onlyfans|fansly/.test(joined)) add('adult_promo', 'block');
  }
  const ibans = flat.match(IBAN);
  if (ibans || IBAN_WORD_DIGITS.test(flat)) {
    found.add('iban');
    if (PAYMENT.test(words)) add('iban', 'block');
    flat = flat.replace(IBAN, ' ');
  }
  if (PREMIUM.test(flat) || SHORT_CODE.test(raw)) add('premium_rate', 'block');
  else {
    const dialled = spellDigits(flat);
    for (const m of DIGITS9.test(dialled) ? dialled.matchAll(PHONE) : []) {
      let digits = m[0].replace(/\D/g, '');
      if (m[1] === '00') digits = digits.slice(2);
      if (TR_PHONE.test(digits) || (m[1] && digits.length >= 10 && digits.length <= 13)) {
        found.add('phone');
        break;
      }
    }
  }
  const wallet = raw.match(WALLET);
  if (wallet && HAS_DIGIT_AND_CASE.test(wallet[0])) {
    found.add('wallet');
    if (SCAM_WORDS.test(words) || PAYMENT.test(words)) add('wallet', 'block');
  }
  const channelPressure =
    OFF_PLATFORM.test(words) || (DM.test(words) && !IN_APP.test(words) && !TABLETOP.test(words));
  const handle = HANDLE.test(a.flat);
  if (channelPressure || handle) found.add('off_platform');
  for (const code of found) add(code);
  return { links, gameLinks, handleOnly: handle && !channelPressure };
}

// The whole spam side: contacts, then promotion and scams, then whether an advert came with a way to
// reach its sender.
export function spamHits(a: Analysis, raw: string, hits: Hit[]): SpamFacts {
  const facts = contactHits(a, raw, hits);
  promoHits(a, raw, hits, facts.links.length > 0 || hits.some((h) => CONTACT.has(h.code)));
  return facts;
}
