import type { PhraseEntry } from './moderation.phrases.ts';

// Patterns over structure rather than wording (ADR 073): each pairs two parts that are harmless alone
// and harmful together, within a few words, in either voice (Turkish with or without its letters,
// English). Sources over the folded word text, as in moderation.phrases.ts; no capturing groups.

const any = (words: string[]) => `(?:${words.join('|')})`;
const within = (a: string, b: string, n: number) => `${a}(?: \\w+){0,${n}} ${b}`;
const near = (a: string, b: string, n: number) => `(?:${within(a, b, n)}|${within(b, a, n)})`;

// ---- a condition on the viewer's decision + a harm to them -------------------------------------

const IF_DECLINED = any([
  'reddeder\\w*',
  'reddet(?:meniz|mende|tigin|tiginde|meyi)\\w*',
  'reddet bakalim',
  'kabul etmez\\w*',
  'kabul etmedig\\w*',
  'almaz(?:san|saniz)',
  'cikarir(?:san|saniz)',
  'geri cevir\\w*',
  'hayir der\\w*',
  'no der\\w*',
  'decline\\w*',
  'reject\\w*',
  'say no',
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
  'herkes(?:e|te|in)',
  'her yer\\w*',
  'gruplara',
  'sikayet ed\\w*',
  'anlatir\\w*',
  'ilet(?:ir|mek)\\w*',
  'bedel\\w*',
  'pisman\\w*',
  'kapina',
  'post\\w*',
  'leak\\w*',
  'spread\\w*',
  'share\\w*',
  'expose\\w*',
  'online',
  'everywhere',
  'regret\\w*',
]);

// ---- a capability to locate + the target's data ------------------------------------------------

// "numaranı", "okulunu", "yurdunun", "apartmanınızın": the second person's possessive (not when a
// third party owns it: "mekanın adresini biliyorum").
const THEIR_PLACE = any([
  `(?<!\\b(?!senin |sizin )\\w+(?:in|un|nin|nun) )(?:numara|telefon|okul|yurd|yurt|apartman|bina|adres|mahalle|sokag|soyad|isyer|kampus|kafe|evin|oda numara)\\w*(?:n|nu|ni|un|in|niz|nuz|nizi|nuzu|unuz|iniz|unuzu|inizi|nin|nun)`,
  '(?:your|ur|yr) (?:phone|number|school|campus|dorm|address|building|house|flat|apartment|street|window|work\\w*|family)',
  'nerede (?:oturdug|kaldig|calistig|okudug)\\w*',
  'where (?:you|u) (?:live|study|work|stay)',
  'hangi (?:yurt|okul|bina|apartman|mahalle)\\w*',
  'okuldan cikis \\w+',
]);
const I_CAN_FIND = any([
  'bul(?:urum|abilirim|dum|mam|mak|masi|maya|mus)\\w*',
  'tespit ett\\w*',
  'cikardim',
  'ogrendim',
  'biliyorum',
  'gordum',
  'goruyorum',
  'taniyorum',
  'geciyorum',
  'dakika\\w*',
  'saniye\\w*',
  'tik\\w*',
  'zor degil',
  'find',
  'found',
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
  any(['yolda', 'sokakta', 'bir gun', 'birgun', 'bi gun', 'one day', 'some ?day', 'on the (?:road|street)']),
  any(['karsilasiriz\\w*', 'karsilasacagiz', 'denk gelir\\w*', 'run into', 'bump into', 'cross paths']),
  4,
);

// ---- a group + wishing it absent --------------------------------------------------------------

const GROUP = any([
  'suriyeli\\w*',
  'multeci\\w*',
  'gocmen\\w*',
  'afgan\\w*',
  'arap(?:lar|lari|larin|lardan|lara)?',
  'kurt(?:ler|leri|lerin|lerden|lere)',
  'roman(?:lar|lari|larin|lardan|lara)',
  'cingene\\w*',
  'yahudi\\w*',
  'ermeni\\w*',
  'zenci\\w*',
  'siyahi\\w*',
  'yabanci(?:lar|lari|larin|lardan)',
  'escinsel\\w*',
  'lgbt\\w*',
  'migrants?',
  'refugees?',
  'immigrants?',
  'syrians?',
  'arabs?',
  'gypsies',
  'kurds',
  'foreigners',
]);
const ABSENT = any([
  'olmasa\\w*',
  'olmasin',
  'gelmesin',
  'gelmese\\w*',
  'gelmemeli\\w*',
  'gitsin\\w*',
  'defol\\w*',
  'kalmasin',
  'yok olsun',
  'hicbiri\\w*',
  'hic biri\\w*',
  'girmesin',
  'alinmasin',
  'almayin',
  'istemiyoruz',
  'kovul\\w*',
  'none of (?:them|those)',
  'stay away',
  'go back',
  'get out',
  'should leave',
  'dont come',
  'not come',
]);

// Women as attendees or hosts, with what they supposedly cannot do or where they belong.
const WOMEN = any([
  'kadin(?:lar|larin|lari|lardan)?',
  'kiz(?:lar|larin|lari)',
  'bayan(?:lar|larin)',
  'women',
  'girls',
  'females?',
]);
const CANNOT = any([
  '\\w+(?:amaz|emez|yamaz|yemez)',
  'anlamaz',
  'mutfa\\w*',
  'kitchen',
  'cook\\w*',
  'sandwich',
  'bulasik\\w*',
  'cant',
  'can t',
  'cannot',
  'belong\\w*',
  'ne beklenir',
]);

// ---- minors ------------------------------------------------------------------------------------

// "15-17 yaş arası", "16 ile 18", "14 to 16": an age range that reaches under 18.
const AGE_RANGE = `(?:[0-9]|1[0-7]) (?:ile |ila |ve |to |and )?(?:1[0-8]) (?:yas\\w*|arasi\\w*|aged?|years?|yo)`;
const PARENTS_SECRET = near(
  any(['ailen\\w*', 'annen\\w*', 'baban\\w*', 'ebeveyn\\w*', 'parents?', 'mom', 'dad', 'mum']),
  any([
    'soyleme\\w*',
    'haber verme\\w*',
    'bilmesin',
    'bilmesine gerek',
    'duymasin',
    'dont tell',
    'don t tell',
    'no need to tell',
    'not tell',
    'dont need to know',
  ]),
  4,
);

// ---- revealing clothes asked for ---------------------------------------------------------------

const REVEALING = any([
  'mini etek\\w*',
  'kisa etek\\w*',
  'dar (?:bir sey|bisey|\\w+)',
  'dekolte\\w*',
  'bikini\\w*',
  'crop\\w*',
  'ic camasir\\w*',
  'camasir\\w*',
  'topuklu',
  'transparan\\w*',
  'seffaf\\w*',
  'tayt\\w*',
  'sort\\w*',
  'tight\\w*',
  'shorts?',
  'short skirt',
  'revealing',
  'lingerie',
  'underwear',
  'sexy',
  'seksi',
]);
const YOU_WEAR = any([
  'giy(?:in|sene|ersen|meni|mesini|melisin|eceksin|meyi unutma|me)?',
  '\\w+(?:le|la|yle|yla) gel\\w*',
  'gelirken',
  'wear',
  'put on',
  'the shorter',
]);

// ---- money and links ---------------------------------------------------------------------------

// A free event that still asks for money: "ücretsiz ama yer için şu linkten ödeyin".
const FREE = any(['ucretsiz\\w*', 'bedava\\w*', 'free']);
const PAY = any([
  'odeme(?:yi|si|nizi)? (?:yap\\w*|link\\w*)',
  'ode(?:yin|yiniz|men|yip|rsen|mek)',
  'pay',
  'deposit',
  'kapora\\w*',
  'gonder\\w*',
  'yatir\\w*',
]);
// An invite link written out in words: "discord gg slash …", "t me slash …", "x nokta com".
const SPELT_LINK = any([
  '(?:discord|dc) (?:nokta |dot )?gg (?:slash |bolu |kesme )?\\w+',
  '(?:t|telegram) (?:nokta |dot )?me (?:slash |bolu |kesme )\\w+',
]);

// ---- mocking looks and mothers ---------------------------------------------------------------

const LOOKS = any([
  'cirkin\\w*',
  'sisman\\w*',
  'sisko\\w*',
  'kilon\\w*',
  'obez\\w*',
  'dombili\\w*',
  'fat',
  'ugly',
  'ugliness',
]);
const YOUR_MOTHER = any(['anan\\w*', 'annen(?:i|e|in|de)?', 'ur mom', 'your mom', 'yo mama', 'your mother']);
const MOCKED = any([
  'sisman',
  'sisko',
  'fat',
  'cirkin',
  'ugly',
  'yavas',
  'salak',
  'aptal',
  'gerizekali',
  'kilolu',
  'obez',
  'dumb',
  'stupid',
  'slow',
]);

export const STRUCTURE: PhraseEntry[] = [
  { p: within(IF_DECLINED, HARM_TO_THEM, 10), code: 'threat', level: 'block' },
  { p: near(THEIR_PLACE, I_CAN_FIND, 6), code: 'doxxing', level: 'block' },
  { p: SOME_DAY, code: 'stalking', level: 'review' },
  { p: near(GROUP, ABSENT, 6), code: 'hate', level: 'block' },
  { p: near(WOMEN, CANNOT, 5), code: 'sexism', level: 'review' },
  { p: AGE_RANGE, code: 'minors', level: 'block' },
  { p: PARENTS_SECRET, code: 'secrecy', level: 'block', tag: 'secret' },
  { p: near(REVEALING, YOU_WEAR, 4), code: 'sexual', level: 'block' },
  { p: `${REVEALING} gel(?:in|sene|irsen|ersen)?`, code: 'sexual', level: 'block' },
  { p: within(FREE, PAY, 12), code: 'scam', level: 'block' },
  { p: SPELT_LINK, code: 'link', level: 'review' },
  { p: LOOKS, code: 'body_shaming', level: 'review', tag: 'insult' },
  { p: within(YOUR_MOTHER, MOCKED, 6), code: 'harassment', level: 'review', tag: 'insult' },
];
