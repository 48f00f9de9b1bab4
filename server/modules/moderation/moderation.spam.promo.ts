import { bounded, NOT_ASKED, quotedAsAt, wordBounded, type Hit } from './moderation.hits.ts';
import type { Level } from './moderation.lexicon.ts';
import { execAll, type Analysis } from './moderation.text.ts';

// Selling and luring (ADR 020, 036): betting, crypto pitches, adverts, boosting and account sales,
// adult self-promotion, referral codes, scams and phishing; and the shapes of bulk messages: unfilled
// templates, "sent to every event", emoji and word floods.

const W = (parts: string[], flags = '') => new RegExp(wordBounded(parts.join('|')), flags);
const followedBy = (a: string, b: string, n: number) => `(?:${a})(?: \\w+){0,${n}} (?:${b})`;

const BETTING_STRONG = W([
  'deneme bonus\\w*',
  'bonus veren',
  'bedava (?:bahis|bonus|spin)\\w*',
  'kacak bahis\\w*',
  'bahis (?:site\\w*|adres\\w*|grub\\w*|kanal\\w*|tahmin\\w*|kupon\\w*|oner\\w*|oran\\w*)',
  'bahissiteleri|bahissitesi',
  'bet (?:site\\w*|adres\\w*)',
  '(?:casino|kumar|slot|rulet) (?:site\\w*|bonus\\w*|oyunlari|taktik\\w*)',
  'canli (?:casino|bahis|rulet)\\w*',
  'iddaa (?:kupon|tahmin)\\w* (?:paylas|veriyorum|grub|kanal)\\w*',
  'iddaa tahminleri',
  'kupon paylas\\w*',
  'banko (?:kupon|mac)\\w*',
  'free ?spins?',
  'freebet\\w*',
  'cevrimsiz bonus\\w*',
  'hos ?geldin bonus\\w*',
  'ilk uyelik\\w*',
  'kazandiran slot\\w*',
  'slot taktik\\w*',
  '(?:mel|most|super|tempo|jojo|mars|seka|pin|youwin|tipo|holi|limit|matador)bet\\w*',
  'betboo\\w*',
  'bettilt\\w*',
  'betist\\w*',
  'bahsegel\\w*',
  'casibom\\w*',
  'bahiscim\\w*',
]);
// Brands with digits ("1xbet", "bet365") are looked for in the folded text: leetspeak would rewrite them.
const BETTING_BRAND = new RegExp(bounded('\\d+x?bet\\w*|bet\\d+\\w*'));
const BETTING_WEAK = new RegExp(
  wordBounded('bahis\\w*|iddaa\\w*|casino\\w*|kumar\\w*|slot|rulet\\w*|bonus\\w*|kupon\\w*'),
  'g',
);

const CRYPTO_STRONG = W([
  'kazanc garantili',
  'garantili (?:kazanc|kar|getiri)\\w*',
  'kar garantili',
  'yatirim firsat\\w*',
  'yatirim danisman\\w*',
  'airdrop\\w*',
  'sinyal (?:grub|kanal)\\w*',
  'vip (?:grub|uyelik|kanal)\\w*',
  'gunluk kazanc\\w*',
  'pasif gelir\\w*',
  'cuzdan\\w* bagla\\w*',
  'connect (?:your|ur) wallet',
  'x\\d+ kazan\\w*',
  'pump (?:grub|kanal)\\w*',
  'guaranteed \\d+ ?(?:monthly|daily|weekly)?',
  'double (?:your|ur) (?:bitcoin|btc|money|crypto)',
]);
const CRYPTO_PERCENT =
  /gunluk\s*%\s*\d|%\s*\d+\s*(?:kar|kazanc|getiri|gelir|garantili)|%\s*\d+\s*(?:monthly|daily) returns?/;
const CRYPTO_ASSET = W([
  'usdt|btc|bitcoin\\w*|kripto\\w*|crypto\\w*|coin\\w*|altcoin\\w*|ethereum|eth|forex\\w*|binance\\w*|nft\\w*',
]);
const RECRUIT = W(['isteyen\\w*|ilgilenen\\w*|ister misin\\w*|detay\\w*|bilgi (?:icin|almak)\\w*']);
// Not an offer said to be absent: "yatırım tavsiyesi yok", "yatırım tavsiyesi vermiyoruz" (but "yatırım
// tavsiyesi değildir", the shill's disclaimer, still is one).
const CRYPTO_OFFER = W([
  'kazanc\\w*|kazan(?:mak|in|dir\\w*|diniz)|yatir(?!im\\w* tavsiye\\w* (?:yok|verilmez|verilmiyo\\w*|verilmeyecek|vermiyoruz|vermeyecegiz|vermem)\\b)\\w*|firsat\\w*|getiri\\w*|sinyal\\w*|vip|kar payi|katla\\w*',
]);

const ADVERT_STRONG = W([
  'takipci (?:satin|satis|hizmet|paket|al|alin|almak)\\w*',
  '(?:ucuz|hizli|gercek|organik|turk) takipci\\w*',
  'takipci ve begeni\\w*',
  'begeni (?:hizmet|paket|satin)\\w*',
  'evden para kazan\\w*',
  'para kazan(?:mak|mayi|manin)? (?:isteyen|ister)\\w*',
  '\\d+k? (?:takipci|begeni|followers?) (?:sadece )?\\d+ (?:tl|lira|usd|dolar|euro)',
  'tikla kazan\\w*',
  'hemen tikla\\w*',
  'sorry (?:for the )?ad',
  '(?:ucuz|orijinal|toptan)\\w* (?:parfum|kilif|saat|urun)\\w*',
  '(?:toptan|siparis) (?:satis|fiyat|al)\\w*',
  'hemen siparis ver\\w*',
  'menu icin yaz\\w*',
]);
// Promoting one's own channel or page: a warning, not a refusal.
const SELF_PROMO = W([
  '(?:kanalim|kanalima|sayfam|sayfami|sayfama|hesabim|hesabimi|yayinim|yayinima|podcastim\\w*) (?:\\w+ )?(?:abone|takip|begen|bak|gel|dinle)\\w*',
  'abone (?:olun|olur musunuz|ol)\\b',
  '(?:twitch|youtube|kick)\\w* (?:\\w+ ){0,3}(?:gelin|takip edin|abone|izleyin)\\w*',
  'yeni actigim \\w+',
  '\\d+ indirim\\w*',
  'linke (?:tikla|bak)\\w*',
  '(?:subscribe to|follow) my (?:channel|page|stream)',
]);
// A discount code only counts with the code itself ("indirim kodu: SQUAD50"), not the question.
const CODE_TOKEN = '(?:[a-z]+\\d|\\d+[a-z])[a-z0-9]*';
const REFERRAL = new RegExp(
  bounded(
    [
      `(?:indirim|promosyon|kupon|referans|davet|ref|referral|invite|promo) (?:kodu?(?:m|mu|muz|mla)?|code)\\s*[:=]?\\s*(?:\\w+\\s+){0,3}${CODE_TOKEN}`,
      `(?<!(?:arkadas|posta|friend|zip|oda|kapi|wifi) )(?:kodum|kodumu|code)\\s*[:=]?\\s*${CODE_TOKEN}`,
      'kodumu kullan\\w*',
      'kodumla kaydol\\w*',
      'ref(?:erans)? link\\w*',
      'referansa beni yaz\\w*',
      'bu linkle (?:uye ol|kaydol)\\w*',
      'use (?:my )?(?:referral |invite |promo )?(?:code|link)',
    ].join('|'),
  ),
);
const REWARD = W([
  'bonus\\w*',
  'kazan\\w*',
  'ikimiz de',
  'free',
  'bedava',
  'token\\w*',
  'credits?',
  'ucretsiz',
  'hediye',
  'kaydol\\w*',
  'uye ol\\w*',
  'signup|sign up',
]);
const BOOSTING = W([
  '(?:elo|rank|mmr|faceit|hesap|account|lvl|level) (?:\\w+ )?(?:boost\\w*|kasma|atlatma)\\w*',
  'boost (?:hizmet\\w*|yapilir|service|atariz)',
  'boosting',
  '(?:hesap|hesabi|account|acc)\\w* (?:satilik|satiyorum|satisi|for sale)',
  '(?:satilik|selling) (?:\\w+ )?(?:hesap|hesabi|account|accounts|lol|valorant|steam|cs2)\\w*',
  '(?:takipci|begeni|izlenme|abone|followers?|likes|views)\\w* (?:satis\\w*|satin al\\w*|paket\\w*|hizmet\\w*|kasma\\w*)',
  'buy (?:\\w+ )?(?:followers|likes|views)',
  'get \\w+ (?:instagram )?followers',
  '(?:ucuz|cheap) (?:game keys|nitro|hesap|steam)',
  'game keys',
  'nitro (?:ucuz\\w*|satilik|\\d+)',
  '(?:cuzdan|wallet|oyun|cd) kod\\w* sat\\w*',
  'hesap kasma',
  '(?:takipci|begeni|abone) lazim olan',
]);
const ADULT = W([
  'onlyfans\\w*',
  'fansly\\w*',
  '(?:check|sub to|subscribe to) my of',
  '18 (?:icerik\\w*|kanal\\w*|video\\w*|ozel (?:video|icerik)\\w*)',
  'yetiskin icerik\\w*',
  'ozel (?:icerik|video)\\w* (?:icin|satis)\\w*',
  'spicy content',
  '(?:ucretli )?sanal sohbet\\w*',
  'escort\\w*',
]);
const MASS = W([
  '(?:tum|butun|her|birçok|bir cok) etkinlik\\w* (?:\\w+ ){0,3}(?:gonder\\w*|at(?:tim|iyorum|arim|ildi)|yaz\\w*|basvur\\w*)(?<!miyorum)',
  '(?:bu|ayni) mesaj\\w* (?:tum|butun|her|herkese|bir cok)\\w*',
  'herkese (?:ayni mesaj\\w*|yaziyorum)',
  'tum etkinliklere aynisini',
  'kopyala yapistir\\w*',
  'copy ?paste',
  'sent (?:this |it )?to (?:all|every)\\w*',
  'sending this to (?:all|every)\\w*',
  'to all (?:events|hosts)',
  'her etkinlige basvuruyorum',
]);
const TEMPLATE = [
  /\{\{?\s*[\p{L}_][\p{L}\d_ ]{0,30}\}\}?|\[[A-ZÇĞİÖŞÜ_ ]{3,}\]|%[A-Z_]{3,}%|<[A-Z_]{3,}>/u,
  /\[(?:isim|ad|name|username|etkinlik[^\]]{0,20}|event[^\]]{0,20}|host[^\]]{0,20})\]|\$(?:isim|name|username|etkinlik)\b/iu,
];
// Scams: money up front, prizes, doubling, lending, job fees (phishing asks for the keys themselves).
// A scam's name followed by what it is ("ön ödeme tuzakları", "kapora dolandırıcılığı"): spoken of.
const NAMED_SCAM = '(?! (?:tuzag|tuzak|dolandiricili|sahtekarli|scam)\\w*)';
export const SCAM_WORDS = W([
  'gonder\\w*|at(?:in|arsan)?|yatir\\w*|havale\\w*|send|donate|bagis\\w*|ucret\\w*|geri|double|bonus|hediye|fee|pay',
]);
const SCAM = W([
  '(?:once|onceden|ilk once|on odeme|kapora)\\w* (?:\\w+ ){0,4}(?:gonder\\w*|at(?:ar|man|min|ip|in|sin|arsan|arsin|abilirsin|ar misin)?|yatir\\w*|havale\\w*|send|pay|ode(?:me|yin|men|mek|yip)\\w*|yukle\\w*)',
  // English "first" only with English verbs: "first time at a Squad event" is not "önce at".
  '(?:first|upfront) (?:\\w+ ){0,4}(?:send|pay|transfer|deposit)\\w*',
  '(?:gonder\\w*|at(?:ar|man|min|ip|in|sin|arsan|arsin|abilirsin|ar misin)?|yatir\\w*|havale\\w*|ode(?:me|yin|men|mek|yip)\\w*|yukle\\w*) (?:\\w+ ){0,3}once',
  '(?:send|pay|transfer|deposit)\\w* (?:\\w+ ){0,3}(?:first|upfront)',
  '(?:papara|ininal|paypal|cashapp|western union)\\w* (?:\\w+ ){0,4}(?:gonder\\w*|at(?:ar|man|min|ip|in|sin|arsan|arsin|abilirsin|ar misin)?|yatir\\w*|havale\\w*|send|pay|ode(?:me|yin|men|mek|yip)\\w*|yukle\\w*)',
  '(?:gonder\\w*|at(?:ar|man|min|ip|in|sin|arsan|arsin|abilirsin|ar misin)?|yatir\\w*|havale\\w*|send|pay|ode(?:me|yin|men|mek|yip)\\w*|yukle\\w*) (?:\\w+ ){0,3}(?:papara|ininal|paypal|cashapp|western union)\\w*',
  // not named as a scam ("sahte kapora", "ön ödeme tuzakları") nor refused ("kapora istemediğinizi")
  `(?<!\\b(?:dolandir\\w*|sahte) )kapora\\w*(?!\\w)(?! (?:falan |filan )?(?:var mi|mi|mu|${NOT_ASKED})\\b)${NAMED_SCAM}`,
  `(?<!\\b(?:dolandir\\w*|sahte) )on odeme\\w*(?!\\w)${NAMED_SCAM}`,
  followedBy(
    '(?:tebrikler|congratulations|kazandiniz|kazandin|you won|you ve won|you have won|been selected)\\w*',
    '(?:tikla|ara|odul|claim|link|kargo|talep|almak icin|numara)\\w*',
    8,
  ),
  '(?:\\d+|yuz|bin) tl (?:at|yatir)\\w* (?:\\d+|bin) tl (?:gelsin|al\\w*|kazan\\w*)',
  '\\d+ (?:tl )?yatir \\d+ (?:tl )?kazan',
  'paran\\w* (?:\\w+ ){0,2}katl\\w*',
  'ikiye katla\\w*',
  '(?:\\d+|on|iki|uc) kat(?:ina)? (?:kazan|getiri|kar|katla)\\w*',
  'borc ver\\w*',
  'lend me',
  'send me (?:\\d+|money|cash)',
  'acil paraya ihtiyacim',
  '(?:gonderir|atar) misin\\w* (?:\\w+ ){0,2}(?:para|tl|lira)',
  'dolandiricilik degil',
  'piramit degil',
  '(?:evden|part time|work from home)\\w* (?:\\w+ ){0,6}(?:kazan|earn)\\w*',
  '(?:begen|like)\\w* (?:\\w+ ){0,3}(?:para kazan|kazan|earn)\\w*',
  'easy money',
  'registration fee',
  'islem ucreti',
  'baslangic ucreti',
  'iban\\w* (?:\\w+ ){0,2}\\d+ (?:tl|lira) (?:at|gonder|yatir)\\w*',
  '(?:btc|eth|usdt|tl) gonder\\w* (?:\\w+ ){0,3}geri',
  'kargo ucreti',
  'will pay (?:you )?back',
  'pay (?:you )?back',
  'yarin oderim',
]);
// A verb's negative ("paylaşmayın", "vermiyorum", "yazmam", "paylaşmamam gerekiyor"), not its
// infinitive ("yazman yeterli").
const NOT = '(?!m[aei](?:y|z\\b|m\\b|\\b)|m[ae]m[ae])';
// Global: every match is looked at, since one named as an example (below) does not count.
const PHISHING = W(
  [
    'squad (?:destek|support|admin|yonetim\\w*|ekib\\w*|official|resmi|moderator\\w*|guvenlik)\\w*',
    `(?:sifre(?:ni|nizi|n)|parola(?:ni|nizi)|password|giris (?:bilgi|kod)\\w*(?! \\d)|dogrulama kod\\w*|sms (?:ile gelen )?kod\\w*|gelen kodu|kart (?:bilgilerini|bilgilerinizi|numarani|numaranizi)|cvv\\w*|kredi karti\\w*|seed (?:phrase|kelime\\w*)|card number|login details|verification code|kimlik (?:foto\\w*|bilgi\\w*)|photo of (?:your|ur) id|tc ve kart\\w*|3 digits)(?: \\w+){0,4} (?:yaz${NOT}\\w*|gonder${NOT}\\w*|at|atin|paylas${NOT}\\w*|ver${NOT}\\w*|soyle${NOT}\\w*|gir${NOT}\\w*|send|share|give|tell|enter)\\b`,
    '(?:yaz|gonder|paylas|ver|soyle|gir|send|share|give|tell|enter)\\w* (?:\\w+ ){0,3}(?:sifreni\\w*|parolani\\w*|password|kart bilgilerini|cvv|seed phrase|card number)',
    '(?:squad|destek|support|guvenlik|yonetim)\\w* (?:\\w+ )?(?:ekib\\w*|team|yonetimi|dan yaziyorum|support)(?: \\w+){0,6} (?:hesab\\w*|dogrula\\w*|verify|askiya|kapan\\w*|suspend\\w*|kod\\w*|sifre\\w*|giris\\w*)',
    '(?:hesabin|hesabiniz|your account)\\w* (?:\\w+ ){0,2}(?:askiya|kapan|suspend|will be)\\w*',
    'verify (?:your )?account',
  ],
  'g',
);

const EMOJI = /\p{Extended_Pictographic}/gu;
const VISIBLE = /[\p{L}\p{N}]/gu;
const PUNCT_RUN = /([!?.*_~-])\1{11,}/;
const LAUGH = new Set([
  'ha',
  'he',
  'hi',
  'ah',
  'eh',
  'ja',
  'je',
  'xd',
  'sj',
  'js',
  'lol',
  'haha',
  'hahaha',
  'yes',
  'evet',
]);

function floods(a: Analysis, raw: string): ('emoji_flood' | 'repetition')[] {
  const out: ('emoji_flood' | 'repetition')[] = [];
  const emoji = raw.match(EMOJI)?.length ?? 0;
  const letters = raw.match(VISIBLE)?.length ?? 0;
  if (emoji >= 10 && emoji >= letters) out.push('emoji_flood');
  if (PUNCT_RUN.test(raw) && letters < 10) out.push('repetition');
  // The same word five times in a row, or a short phrase four times.
  const w = a.words.filter((x) => !LAUGH.has(x));
  for (let unit = 1; unit <= 3 && !out.includes('repetition'); unit++) {
    let run = 1;
    for (let i = unit; i + unit <= w.length; i += unit) {
      const same = w.slice(i, i + unit).join(' ') === w.slice(i - unit, i).join(' ');
      run = same ? run + 1 : 1;
      if (run >= (unit === 1 ? 5 : 4)) {
        out.push('repetition');
        break;
      }
    }
  }
  return out;
}

export function promoHits(a: Analysis, raw: string, hits: Hit[], hasContact: boolean) {
  const words = a.wordText;
  const add = (code: Hit['code'], level: Level) => hits.push({ code, level });

  let betting: Level | 'weak' | undefined;
  if (BETTING_STRONG.test(words) || BETTING_BRAND.test(a.flat)) betting = 'block';
  else {
    const weak = new Set(execAll(BETTING_WEAK, words).map((m) => m[0].slice(0, 4)));
    if (weak.size >= 2) betting = 'review';
    else if (weak.size === 1) betting = 'weak';
  }
  // A lone betting word ("maçtan sonra iddaa oynarız") is talk; with a way to reach someone it is an ad.
  if (betting === 'weak') betting = hasContact ? 'review' : undefined;
  if (betting) add('betting', betting);

  // Talking about an investment is fine; an investment pitch to strangers is not.
  if (CRYPTO_STRONG.test(words) || CRYPTO_PERCENT.test(a.flat)) add('crypto', 'block');
  else if (CRYPTO_ASSET.test(words) && CRYPTO_OFFER.test(words))
    add('crypto', RECRUIT.test(words) ? 'block' : 'review');

  if (ADVERT_STRONG.test(words)) add('advert', 'block');
  else if (SELF_PROMO.test(words)) add('advert', 'review');
  if (BOOSTING.test(words)) add('boosting', 'block');
  if (ADULT.test(words)) add('adult_promo', 'block');
  if (REFERRAL.test(a.flat) || REFERRAL.test(words)) add('referral', REWARD.test(words) ? 'block' : 'review');
  // Not "'şifrenizi girin' gibi mesajlar gelirse inanmayın": a fake message named as an example.
  if (execAll(PHISHING, words).some((m) => !quotedAsAt(words, m.index + m[0].length, m[0])))
    add('phishing', 'block');
  if (SCAM.test(words)) add('scam', 'block');
  if (MASS.test(words)) add('mass_message', 'review');
  if (TEMPLATE.some((re) => re.test(raw))) add('template', 'review');
  for (const code of floods(a, raw)) add(code, 'review');
}
