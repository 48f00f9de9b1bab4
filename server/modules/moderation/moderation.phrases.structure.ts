import type { PhraseEntry } from './moderation.phrases.ts';
import { any, near, STRUCTURE_GROUPS, within } from './moderation.phrases.structure.groups.ts';

// Patterns over structure rather than wording (ADR 073): each pairs two parts that are harmless alone
// and harmful together, within a few words, in either voice (Turkish with or without its letters,
// English). Sources over the folded word text, as in moderation.phrases.ts; no capturing groups.

// ---- a condition on the viewer's decision + a harm to them -------------------------------------

const IF_DECLINED = any([
  'redded\\w*',
  'reddet\\w*',
  'red ver\\w*',
  'kabul (?:etmez|etmedig|etmeyecek|etmem)\\w*',
  'kabul et yoksa',
  'onaylama(?:z|dig|mam|yacak)\\w*',
  'onay verme\\w*',
  'izin verme(?:z|dig|yecek)\\w*',
  'engel ol(?:ursan|ursaniz)',
  'silersen\\w*',
  'hayir de(?:me|rsen|meye)\\w*',
  'almaz(?:san|saniz)',
  'cikarir(?:san|saniz)',
  'geri cevir\\w*',
  'hayir der\\w*',
  'no der\\w*',
  'decline\\w*',
  'reject\\w*',
  'say no',
  'turn\\w* me down',
  'kabul edilme(?:z|zse|zsem|zsek)\\w*',
  'onaylanma(?:z|zsa|zsam)\\w*',
  '(?:katilama|gireme)z(?:sam|sak)',
  'ona gore (?:davran|karar ver)\\w*',
  '(?:denied|deny|refuse\\w*)',
  'if (?:i m|im|i am|i get) not (?:accepted|approved|let in|in)',
  'ignore\\w* my',
  'or else',
  'if (?:you|u) (?:dont|don t|do not)',
  '\\w+ (?:halinde|durumunda)',
]);
const HARM_TO_THEM = any([
  'ifsa\\w*',
  'yay(?:ar|arim|acag|icam|arim|ilir|ilacak)\\w*',
  'paylas(?:ir|acag|icam|mak zorunda)\\w*',
  'dolas(?:ir|acak)\\w*',
  'rezil\\w*',
  'viral\\w*',
  // "herkes görür", "herkeste olur", not "herkese iyi eğlenceler, görüşürüz"
  'herkes(?:e|te|in)? (?:\\w+ ){0,3}(?:gor|ogren|duy|izle|bil|ulas|dus|dolas|yay|ilet|gonder|paylas|ol)(?:ur|ir|ar|er|r|uyor|iyor|ecek|acak)(?:lar|ler)?',
  'gor(?:ur|ecek|eceksin|ursun)\\w*',
  'katlan\\w*',
  'you ll (?:see|be sorry|regret)',
  'sorry',
  'her yer\\w*',
  'gruplara',
  'sikayet ed\\w*',
  'anlatir\\w*',
  'ilet(?:ir|mek)\\w*',
  'bedel\\w*',
  // nor "pişman olursun çünkü en iyi keki ben getiririm": a reason follows, not a harm
  'pisman(?! ol(?:acagim|urum|ucam|icam|dum)\\b)(?!(?: \\w+)? (?:cunku|zira|because)\\b)\\w*',
  'kapina',
  'post\\w*',
  'leak\\w*',
  'spread\\w*',
  'share\\w*',
  'expose\\w*',
  'online',
  'everywhere',
  'regret\\w*',
  'yay(?:in|inla)\\w*',
  'koy(?:arim|acag|ucam)\\w*',
  'gonder(?:ir|ecek|icem)\\w*',
  'dag(?:it|itir)\\w*',
  'dus(?:er|ecek)\\w*',
  'forward\\w*',
  'internet\\w*',
  'public',
  'all over',
]);
// What is theirs to lose: "fotoğrafların", "mesajlarını", "your pics", "elimdeki ekran görüntüleri".
const THEIR_PRIVATE = any([
  '(?:foto|fotograf|resim|kare|video|ekran goruntu|mesaj|yazisma|dm|konusma|bilgi)\\w*(?:in|un|ini|unu|niz|nizi|nuz|nuzu)',
  '(?:yazismalarimiz|konusmalarimiz|elimdeki)\\w*',
  'kisisel bilgi\\w*',
  '(?:your|ur) (?:private )?(?:pics?|photos?|pictures?|nudes?|screenshots?|messages?|chats?|videos?|dms?)',
]);

// ---- a capability to locate + the target's data ------------------------------------------------

// "numaranı", "okulunu", "yurdunun", "apartmanınızın": the second person's possessive (not when a
// third party owns it: "mekanın adresini biliyorum").
const THEIR_PLACE = any([
  `(?<!\\b(?!senin |sizin )\\w+(?:in|un|nin|nun) (?:\\w+ )?)(?:numara|telefon|okul|yurd|yurt|apartman|bina|adres|mahalle|sokag|soyad|isyer|kampus|kafe|evin|oda numara|konum|fakulte)\\w*(?:n|nu|ni|un|in|niz|nuz|nizi|nuzu|unuz|iniz|unuzu|inizi|nin|nun)`,
  '(?:your|ur|yr) (?:home )?(?:phone|number|school|campus|dorm|address|building|house|flat|apartment|street|window|work\\w*|family|location)',
  'ev(?:in|ini|inin|iniz|inizi)',
  'which (?:dorm|school|building|house|flat)',
  'nerede (?:oturdug|kaldig|calistig|okudug)\\w*',
  'where (?:you|u) (?:live|study|work|stay)',
  'hangi (?:yurt|okul|bina|apartman|mahalle)\\w*',
  'okuldan cikis \\w+',
]);
const I_CAN_FIND = any([
  'bul(?:urum|abilirim|dum|mam|mak|masi|maya|mus)\\w*',
  'tespit e(?:tt|d)\\w*',
  'cikardim',
  'anladim',
  'coz(?:dum|erim|mek)\\w*',
  'ulas(?:mak|abilirim|irim)\\w*',
  'ogren(?:dim|irim|mek|ecegim)\\w*',
  'cocuk oyuncagi',
  'kolay\\w*',
  'ogrendim',
  'biliyorum',
  'gordum',
  'goruyorum',
  'taniyorum',
  'geciyorum',
  // not "10 dakikadır titriyor": how long something has gone on; nor "2 dakikada inerim": when the
  // writer will be there
  'dakika(?!dir\\b)(?!(?:da|ya) (?:\\w+ )?(?:in|gel|cik|var|hazir|orada|burada|kapida|asagida)\\w*(?:rim|rum|im|um|yim|yum|iz|uz)\\b)\\w*',
  'saniye(?!dir\\b)\\w*',
  'tik\\w*',
  'zor degil',
  'find',
  'found',
  'figured',
  'looked (?:it )?up',
  'located',
  'took me',
  'know',
  'knew',
  'saw',
  'see',
  'track\\w*',
  'minutes?',
  'easy',
]);
// "we'll run into each other some day 😉": a meeting the target never agreed to.
const SOME_DAY = within(
  any([
    'yolda',
    'sokakta',
    'bir gun',
    'birgun',
    'bi gun',
    'elbet',
    'nasilsa',
    'er gec',
    'one day',
    'some ?day',
    'sooner or later',
    'on the (?:road|street)',
  ]),
  any([
    'karsilas(?:iriz|acagiz|icaz|icagiz)\\w*',
    'denk gel(?:ir|ecegiz|icez)\\w*',
    'yollarimiz kesis\\w*',
    '(?:run|bump) into',
    'cross paths',
  ]),
  4,
);
const SOME_DAY_AFTER = within(
  any(['yollarimiz kesis\\w*', 'denk geliriz', 'karsilasiriz', '(?:run|bump) into each other']),
  any(['nasilsa', 'elbet', 'sooner or later', 'eventually', 'i m sure', 'im sure']),
  3,
);

export const STRUCTURE: PhraseEntry[] = [
  { p: within(IF_DECLINED, HARM_TO_THEM, 10), code: 'threat', level: 'block' },
  { p: near(IF_DECLINED, THEIR_PRIVATE, 8), code: 'threat', level: 'block' },
  { p: near(THEIR_PLACE, I_CAN_FIND, 6), code: 'doxxing', level: 'block' },
  { p: SOME_DAY, code: 'stalking', level: 'review' },
  { p: SOME_DAY_AFTER, code: 'stalking', level: 'review' },
  ...STRUCTURE_GROUPS,
];
