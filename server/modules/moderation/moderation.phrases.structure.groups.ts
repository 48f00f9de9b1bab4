import { NOT_ASKED } from './moderation.hits.ts';
import type { PhraseEntry } from './moderation.phrases.ts';

// Structural patterns (ADR 073) about groups of people, minors, clothes, money, links and looks; the
// threat and doxxing ones are in moderation.phrases.structure.ts. Sources over the folded word text;
// no capturing groups.

export const any = (words: string[]) => `(?:${words.join('|')})`;
const words = (list: string) => any(list.split(' '));
export const within = (a: string, b: string, n: number) => `${a}(?: \\w+){0,${n}} ${b}`;
export const near = (a: string, b: string, n: number) => `(?:${within(a, b, n)}|${within(b, a, n)})`;

// ---- a group + wishing it absent --------------------------------------------------------------

const GROUP = any([
  words('suriyeli\\w* multeci\\w* gocmen\\w* afgan\\w* cingene\\w* yahudi\\w* ermeni\\w* zenci\\w*'),
  words('siyahi\\w* pakistanli\\w* afrikali\\w* escinsel\\w* lgbt\\w* kurtler\\w*'),
  'arap(?:lar|lari|larin|lardan|lara)?',
  'kurt(?:ler|leri|lerin|lerden|lere)',
  'roman(?:lar|lari|larin|lardan|lara)',
  'siyah(?:lar|lari|larin|lardan|lara)',
  'yabanci(?:lar|lari|larin|lardan)',
  words('migrants? refugees? immigrants? syrians? arabs? afghans? africans? blacks gypsy gypsies roma kurds'),
  words('foreigners jews gays'),
]);
const ABSENT = any([
  words('olmasa\\w* olmasin olmadan gelmesin\\w* gelmese\\w* gelmemeli\\w* gelmez\\w* gitsin\\w*'),
  words('gitse\\w* defol\\w* yok\\w* hicbiri\\w* girmesin alinmasin almayin istemiyor\\w* kovul\\w*'),
  words('kovun gonderil\\w* gonderin donsun\\w* donmeli\\w* katilmasin katilmaz\\w* sokmay\\w* atilsin'),
  'hic biri\\w*',
  // not "kimse aç kalmasın": a wish that no one goes without
  '(?<!\\bkimse (?:\\w+ )?)kalmasin',
  // "olmadığı" wished, but not "olup olmadığı" (whether or not: "herkese açık olup olmadığını").
  '(?<!olup )olmadig\\w*',
  'kabul edilme\\w*',
  'gorme(?:yelim|yeyim|mek istemiyorum)',
  'kimse gelmez\\w*',
  words('back out deport\\w* gone disappear\\w* banned'),
  'none of (?:them|those)',
  '(?:dont|don t|do not) want',
  'not welcome',
  'no place for',
  'keep (?:them |those )?out',
  'istenmiyor\\w*',
  'yeri yok',
  'uzak (?:dursun|tutun|tutulsun)\\w*',
  'stay away',
  'not allowed',
  'there (?:were|was|are) no',
  'dont come',
  'not come',
  'should leave',
]);
// "çingenesiz bir etkinlik", "Suriyelisiz bir şehir": the group's absence as a wish in one word.
const GROUP_LESS = `${any(['suriyeli', 'multeci', 'gocmen', 'cingene', 'roman', 'arap', 'afgan', 'yabanci', 'siyahi'])}(?:ler|lar)?s[iu]z`;
const WISH = words('keske olsa olsaydi daha iyi rahat guzel better');

// ---- women: what they supposedly cannot do, where they belong, what they all are ---------------

const WOMEN = any([
  'kadin(?:lar|larin|lari|lardan)?',
  'kiz(?:lar|larin|lari)',
  'bayan(?:lar|larin)?',
  words('women woman girls girl females? ladies'),
]);
const CANNOT = any([
  '(?!namaz\\b)\\w+(?:amaz|emez|yamaz|yemez)',
  words('anlamaz mutfa\\w* kitchen cook\\w* sandwich bulasik\\w* cant cannot belong\\w* attention drama\\w*'),
  words('dedikodu\\w* nisan beceriksiz\\w* useless duygusal\\w* emotional'),
  'can t',
  'ne beklenir',
  'hepsi (?:zaten|ayni)',
  'hep (?:gec|sikayet|drama|dedikodu)\\w*',
  'sadece (?:foto|ilgi|begeni|para)\\w*',
  'evde (?:otur|kal)\\w*',
  'stay (?:home|at home)',
  'always (?:late|complain\\w*)',
]);

// ---- minors ------------------------------------------------------------------------------------

const UNDER_18 = '(?:[0-9]|1[0-7])';
// "15-17 yaş arası", "16 ile 18", "aged 14 to 17": an age range that reaches under 18.
const AGE_RANGE = any([
  `${UNDER_18} (?:ile |ila |ve |to |and )?(?:1[0-8]) (?:yas\\w*|arasi\\w*|aged?|years?|yo)`,
  `(?:aged?|between) ${UNDER_18} (?:to |and )?1[0-8]`,
]);
// Under 18 turned away: the venue's rule ("18 yaş altı katılamıyor", "18 yaş altını almıyorlar") or
// sent elsewhere ("18 altı arkadaşlar oraya geçsin", "… lise grubuna geçsin"), not asked here; or
// let in only beside a guardian ("reşit olmayanlar velisiyle", "18 altı veli izniyle", "under 18
// with a parent").
export const MINORS_AWAY =
  '(?!\\w)(?! (?:\\w+ )?(?:katilam|giremez|giremiyo|alinmiyo|almiyo|almaz|yasak|kabul edilmiyo|kabul etmiyo|olamaz|olmaz)\\w*)' +
  '(?!(?: \\w+){0,2} (?:oraya|diger|obur|oteki|ayri|kendi|lise|ortaokul)\\w*(?: \\w+)? (?:gecsin|gitsin|gecebilir|gidebilir|katilsin|katilabilir|baksin)\\b)' +
  '(?!(?: \\w+)? (?:(?:veli|ebeveyn|aile|anne|baba)\\w*(?:yle|yla)|(?:veli|ebeveyn|aile)\\w* (?:ile|izniyle|onayiyla|esliginde|refakatinde)|(?:with|by) (?:a |an |their )?(?:parent|guardian)s?|accompanied)\\b(?! (?:degil|olmadan|gerek)))';
// Under 18 as a preference: "18 yaş altı", "reşit olmayan", "younger is better".
const UNDERAGE = any([
  `18 (?:yas )?alti\\w*${MINORS_AWAY}`,
  `18 in altinda\\w*${MINORS_AWAY}`,
  `resit olmay\\w*${MINORS_AWAY}`,
  'ergen (?:kiz|cocuk|erkek)\\w*',
  'liseli (?:kiz|cocuk)\\w*',
  'kucuk yasl\\w*',
  `under ?18${MINORS_AWAY}`,
  'underage',
  'younger (?:is|the) better',
]);
const IF_YOU_ARE_MINOR = any([
  `${UNDER_18} yasinda(?:ysan|ysaniz|san|siniz)\\w*`,
  `if (?:ur|you re|youre|u r|you are) (?:like |only )?${UNDER_18}\\b`,
]);
const THAT_IS_GOOD = words('daha iyi hatta sorun tatli perfect better fine great');
const ASK_AGE = any([
  'kac yasindasin\\w*',
  'kac yasinda(?:siniz)?',
  'yasin kac',
  'yasin\\w* (?:soyle|sor|kucuk)\\w*',
  'kacinci sinif\\w*',
  'how old (?:are|r) (?:you|u)',
  '(?:your|ur) age',
]);
const ALONE = any(['yalniz\\w*', 'tek basina', 'tek mi', 'alone', 'by yourself', 'on your own']);
const PARENTS_SECRET = near(
  any([
    'ailen\\w*',
    'annen\\w*',
    'baban\\w*',
    'ebeveyn\\w*',
    'evdekiler\\w*',
    'parents?',
    'mom',
    'dad',
    'mum',
  ]),
  any([
    words('soyleme\\w* bilmesin duymasin ogrenmesin ogrenmez'),
    'haber\\w* (?:verme|olmasin)\\w*',
    'bilmesine gerek',
    '(?:dont|don t|no need to|not) tell',
    '(?:dont|doesnt) (?:need|have) to know',
    'wouldn ?t (?:get|understand)',
    'our secret',
  ]),
  4,
);

// ---- revealing clothes asked for ---------------------------------------------------------------

// Sportswear is revealing only when one person is told to wear it: "şort giyin hava sıcak" to
// everyone and "yoga için rahat tayt giyin" are advice, "tayt giy de gel 😏" is not; nor the rest of
// that advice's list ("something comfy, leggings or shorts are fine").
// (The look-behind follows the word, so it runs only where the word is.)
const WORN = words('tayt\\w* sort\\w* shorts? leggings');
const SPORTSWEAR = `${WORN}(?<!\\b(?:(?:spor|yoga|pilates|kosu|yuruyus|antrenman|gym|hike|hiking|run|running)(?: icin| for)|rahat|comfy|comfortable) (?:rahat |comfy )?(?:\\w+ (?:or|ya da|yada|veya|and|ve|ile) )?${WORN})`;
// Underwear worn under something ("beyaz kostümün altına ten rengi iç çamaşırı giyin", "nude
// underwear under the white costume") is about what shows through, unless it is not to be worn.
const UNDERWEAR = `(?:ic )?camasir\\w*(?:(?<!\\balt(?:ina|inda) (?:\\w+ ){0,3}(?:ic )?camasir\\w*)|(?=(?: \\w+)? giyme(?:yin|yiniz|sen|den)?\\b))`;
const REVEALING = any([
  words('mini\\w* dekolte\\w* bikini\\w* crop\\w* transparan\\w* seffaf\\w* tight\\w*'),
  UNDERWEAR,
  'underwear(?! under\\b)',
  words('askili frikik\\w* sutyen\\w* revealing lingerie'),
  words('sexy seksi skimpy'),
  'kisa (?:bir )?(?:etek|elbise|sort|\\w+)',
  'etegin kisa',
  'kisa olsun',
  'ne kadar kisa',
  'dar (?:bir sey|bisey|\\w+)',
  // clothes, not "herkese açık değil mi"
  '(?:daha )?acik (?:bir sey|bir seyler|seyler|bisey|renk\\w*|kiyafet\\w*|elbise\\w*|etek\\w*|bluz\\w*|gomlek\\w*|ust\\w*|giy\\w*)',
  'daha az (?:bir sey|bisey|\\w+)',
  'short skirt',
  'low cut',
  'topuklu',
]);
// The writer asks someone else to wear it (imperative, wish, "giyer misin"), not "kısa etek giydim"
// or "tayt mı giyiyorsunuz?".
// Not the writer asking about coming so ("taytla gelsem olur mu", "botla geleyim mi").
const NOT_I = '(?!s[ae]m\\b|s[ae]k\\b|eyim\\b|elim\\b|ecegi[mz]\\b|iyorum\\b|ebilir miyim\\b)';
const YOU_WEAR = any([
  'giy(?:in|iniz|sene|ersen|erseniz|sen|seniz|meni|menizi|mesini|melisin|melisiniz|eceksin|ecegin|er misin|er misiniz|meyi unutma|me|ip gel\\w*)?',
  `\\w+(?:le|la|yle|yla) gel${NOT_I}\\w*`,
  words('gelirken wear wearing'),
  'put on',
  'the shorter',
  '(?:come|show up) in',
]);
const YOU_WEAR_ONE = any([
  'giy(?:sene|ersen|sen|meni|mesini|melisin|eceksin|ecegin|er misin|meyi unutma|me|ip gel\\w*)?',
  `\\w+(?:le|la|yle|yla) gel(?!in\\b)${NOT_I}\\w*`,
  // English does not tell one from many: "wear shorts" is said to one person, in a join message
  words('wear wearing'),
  'the shorter',
  '(?:come|show up) in',
]);
const NO_BRA = any(['sutyensiz', 'no bra', 'braless', 'the less (?:you|u) wear']);

// ---- money and links ---------------------------------------------------------------------------

// A free event that still asks for money: "ücretsiz ama yer için şu linkten ödeyin".
const FREE = `${words('ucretsiz\\w* bedava\\w* free')}(?! mi\\b| mu\\b| or\\b)`;
const PAY = any([
  'odeme(?:yi|si|nizi)? (?:yap\\w*|link\\w*)',
  'ode(?:yin|yiniz|men|yip|rsen|mek)',
  // not "göndermeyin", "yatırmayın": the warning against it
  'gonder(?!meyin|meyiniz)\\w*',
  'yatir(?!mayin|mayiniz)\\w*',
  words('pay deposit iban\\w* papara\\w* shopier\\w* revolut usdt wallet'),
  // not "kimse kapora istemiyor": the deposit said not to be asked
  `kapora\\w*(?! ${NOT_ASKED})`,
  words('ucreti\\w* ucretini'),
  'kredi kart\\w*',
  'kart bilgi\\w*',
  '(?:booking|admin|entry|registration|small) fee',
  'send \\d+',
]);
// An invite link written out in words: "discord gg slash …", "t me slash …", "x nokta com slash …".
const SLASH = '(?:slash|bolu|kesme)';
const SPELT_LINK = any([
  `(?:discord|dc) (?:nokta |dot )?gg (?:${SLASH} )?\\w+`,
  `discordgg (?:${SLASH} )?\\w+`,
  `(?:t|tee|telegram) (?:nokta |dot )?me ${SLASH} \\w+`,
  // not an e-mail address spelt out ("ali at gmail dot com"), which is off-platform contact
  `(?<!\\bat )(?!gmail|hotmail|outlook|yahoo|icloud)\\w+ (?:nokta|dot) (?:com|net|org|gg|me|ly|io|gle|xyz|co)(?: ${SLASH} \\w+)?`,
]);

// ---- mocking looks and mothers ---------------------------------------------------------------

const LOOKS = any([
  'cirkin(?!\\w* (?:ordek|oyna|oyun|gol|mac|bir mac|bir oyun))\\w*',
  words('sisman\\w* sisko\\w* kilon\\w* kilosun\\w* kilolarin\\w* obez\\w* dombili\\w*'),
  words('gobegin\\w* suratin\\w* fat ugly ugliness'),
  'o gobek\\w*',
  'bu yuzle',
  '(?:fil|balina|domuz|inek) gibi\\w*',
  'how much do (?:you|u) weigh',
  '(?:you re|youre|ur|you are) (?:too |so )?(?:fat|chubby|heavy|ugly)',
  '(?:your|ur) face is',
  'whale alert',
]);
// Looks the writer gives themselves ("kendimi çirkin hissettiğim günler") or a pet ("şişman kedim").
// Both checked after the word: either it is not bare or no pet follows.
const NOT_OF_ME = '(?<!\\bkendim\\w* (?:\\w+ )?\\w+)';
const NOT_A_PET =
  '(?:(?<!\\b(?:sisman|sisko|cirkin|obez|dombili))|(?! (?:kedi|kopeg|kopek|kus|hamster|tavsan|balig|balik|papagan|kaplumbag|cat|dog)\\w*(?! gibi)))';
const YOUR_MOTHER = any(['anan\\w*', 'annen(?:i|e|in|de)?', 'ur mom', 'your mom', 'yo mama', 'your mother']);
const MOCKED = any([
  words('sisman sisko fat cirkin\\w* ugly yavas salak aptal gerizekali kilolu obez dumb stupid slow'),
  words('berbat\\w* kel fakir yasli old poor hairy bald yazik'),
  'seninki gibi',
]);

export const STRUCTURE_GROUPS: PhraseEntry[] = [
  { p: near(GROUP, ABSENT, 6), code: 'hate', level: 'block' },
  { p: near(GROUP_LESS, WISH, 5), code: 'hate', level: 'block' },
  { p: near(WOMEN, CANNOT, 5), code: 'sexism', level: 'review' },
  { p: AGE_RANGE, code: 'minors', level: 'block' },
  { p: UNDERAGE, code: 'minors', level: 'block' },
  { p: near(IF_YOU_ARE_MINOR, THAT_IS_GOOD, 5), code: 'minors', level: 'block' },
  { p: near(ASK_AGE, ALONE, 10), code: 'minors', level: 'block', tag: 'alone' },
  { p: PARENTS_SECRET, code: 'secrecy', level: 'block', tag: 'secret' },
  { p: near(REVEALING, YOU_WEAR, 4), code: 'sexual', level: 'block' },
  { p: `${REVEALING} gel(?:in|sene|irsen|ersen)?`, code: 'sexual', level: 'block' },
  { p: near(SPORTSWEAR, YOU_WEAR_ONE, 4), code: 'sexual', level: 'block' },
  { p: `${SPORTSWEAR} gel(?:sene|irsen|ersen)?`, code: 'sexual', level: 'block' },
  { p: NO_BRA, code: 'sexual', level: 'block' },
  { p: within(FREE, PAY, 12), code: 'scam', level: 'block' },
  { p: SPELT_LINK, code: 'link', level: 'review' },
  { p: `${LOOKS}${NOT_OF_ME}${NOT_A_PET}`, code: 'body_shaming', level: 'review', tag: 'insult' },
  { p: within(YOUR_MOTHER, MOCKED, 6), code: 'harassment', level: 'review', tag: 'insult' },
];
