import type { KnownReason } from './moderation.reasons.ts';
import type { Level } from './moderation.lexicon.ts';

// Phrase patterns with context (ADR 036): who is addressed, what is done to them, conditions. They
// are regular-expression sources over the word text (folded, de-leeted words joined by single spaces,
// "kafani kirarim"); every letter may repeat (expandRuns). `tag` lets the rules engine drop a hit in an
// innocent context: 'violence' in game talk, 'insult' when the writer speaks about themselves.
export type PhraseTag = 'violence' | 'compete' | 'insult' | 'alone' | 'secret' | 'age' | 'meet' | 'endear';
export type PhraseEntry = { p: string; code: KnownReason; level: Level; tag?: PhraseTag };

const list = (code: KnownReason, level: Level, patterns: string[], tag?: PhraseTag): PhraseEntry[] =>
  patterns.map((p) => ({ p, code, level, tag }));
const any = (words: string[]) => `(?:${words.join('|')})`;
// a and b within n words of each other, in either order.
export const near = (a: string, b: string, n = 3) =>
  `(?:${a})(?: \\w+){0,${n}} (?:${b})|(?:${b})(?: \\w+){0,${n}} (?:${a})`;
// a, then b within n words.
export const followedBy = (a: string, b: string, n = 6) => `(?:${a})(?: \\w+){0,${n}} (?:${b})`;

// ---- threats ---------------------------------------------------------------------------------

const YOU = any(['seni', 'sizi', 'sn', 'hepinizi', 'herkesi', 'hepsini']);
// A first-person aorist or future ending: "kırarım", "kıracağım", "kırıcam", "döveriz".
const I_WILL = '\\w*(?:rim|rum|riz|ruz|cem|cam|cez|caz|gim|gum|giz|guz)';
const HURT = any(
  'oldur gebert bicakla dov vur kes bog dogra yak yakala avla sakat ortadan kaldir bul'
    .split(' ')
    .map((s) => `${s}${I_WILL}`)
    .concat(['oldrc\\w*', '(?:oldur|gebert|dov)\\w*(?:meden|mek istiyorum|mek icin)', 'parca parca \\w+']),
);
// "Seni ezeceğim", "sizi bitiririz", "orta sahada seni parçalarım": also how a match is won;
// 'compete' lets sport and game talk keep them. Not "ezberleyeceğim" (I'll learn by heart).
const BEAT = any([
  'bitir ez(?!ber) parcala mahved'
    .split(' ')
    .map((s) => `${s}${I_WILL}`)
    .join('|'),
]);
const BODY = any([
  'kafa(?:ni|na|nizi|niza)',
  'agzini',
  'yuzunu',
  'burnunu',
  'dis(?:ini|lerini)',
  'kol(?:unu|larini)',
  'bacag(?:ini|ini)',
  'bacaklarini',
  'kemiklerini',
  'boynunu',
  'gozunu',
  'canini',
  'hayatini',
  'evini',
  'arabani',
  'arabanin \\w+',
  'aileni',
  'anani',
]);
const BREAK = any(
  'kir dagit kopar sok yak karart sik sok cevir aglat'.split(' ').map((s) => `${s}\\w*(?:rim|cam|cem|gim)`),
);
// Things one may swear to beat: a slope, the stairs, an exam, a vending machine.
const THINGS =
  '(?:yokus|rampa|merdiven|bayir|yamac|tepe|soru|sinav|odev|alarm|bilgisayar|laptop|yazici|otomat|makine|modem|kumanda)';
// "kabul etmezsen …", "reddedersen …", "if you don't let me in …".
const IF_NOT = any([
  'kabul (?:etmezsen|etmeyeceksen|etmiyorsan)',
  'almazsan',
  'reddeder(?:sen|seniz)',
  'reddetmeyi bir dene',
  'reddet de',
  'engeller(?:sen|seniz)',
  'beni atarsan',
  'etkinlikten atarsan',
  'cevap vermezsen',
  'yazmazsan',
  'buluşmazsan',
  'bulusmazsan',
  // "yakalarsam", "görürsem": if I catch / see you; not a thing ("şu yokuşu bir daha görürsem").
  `\\w+(?:arsam|ersem|irsam|irsem|ursam|ursem)(?<!\\b${THINGS}\\w* (?:\\w+ ){0,3}\\w+)`,
  'if (?:you|u) (?:don t|dont|do not|won t) (?:accept|let|answer|reply|add)',
  'if (?:you|u) (?:reject|block|ignore|decline)',
  'accept me or',
  'let me in or',
]);
const THEN_HARM = any([
  HURT,
  BREAK,
  'sakat (?:birak|ed)\\w*',
  '(?:evine|kapina|isyerine|okuluna) gel\\w*',
  // not "… pişman olursun, çünkü en iyi keki ben getiririm": the reason, if harm, is matched itself
  'pisman (?:olursun|ederim|edecegim|edicem)(?! (?:cunku|zira|because)\\b)',
  'gorursun',
  'bedelini \\w+',
  'sonuclarina katlan\\w*',
  'fena (?:olur|yaparim)',
  'canini yak\\w*',
  'neler (?:olacagini|geleceg\\w*)',
  'ne olacagini',
  'bak neler oluyor',
  'regret it',
  'be sorry',
  'pay for it',
  'something bad',
  'will pay',
]);

export const THREATS: PhraseEntry[] = [
  ...list(
    'threat',
    'block',
    [near(YOU, HURT, 2), followedBy(BODY, BREAK, 2), near(YOU, 'sakat (?:birak|ed)\\w*', 2)],
    'violence',
  ),
  ...list(
    'threat',
    'block',
    [
      near(YOU, BEAT, 2),
      '(?:i ll|i will|ill|i wil|im gonna|i m gonna|i am gonna|i m going to|im going to|i am going to|gonna) (?:beat|smash|destroy|crush|wreck) (?:you|u|your|ur)(?! up\\b)',
      'hepinizi (?:basariz|basacagiz|patlat\\w*)',
    ],
    'compete',
  ),
  ...list('threat', 'block', ['(?:i ll|i will|ill|gonna|im gonna|i m gonna) beat (?:you|u) up']),
  ...list(
    'threat',
    'block',
    [
      '(?:i ll|i will|ill|i wil|im gonna|i m gonna|i am gonna|i m going to|im going to|i am going to|gonna) (?:kill|kil|hurt|stab|break|shoot|punch|rape|end) (?:you|u|your|ur)(?! ankles?\\b)',
      '(?:you re|youre|ur|you are) (?:dead|dead meat)(?! tired)',
      'someone should (?:shoot|kill|hurt|stab) (?:you|u)',
      // a game's too: "creeper gibi gelip patlatacağım seni" in Minecraft
      'patlatacagim',
    ],
    'violence',
  ),
  ...list('threat', 'block', [
    followedBy(IF_NOT, THEN_HARM, 8),
    'kil (?:yourself|urself|ur self|your self|yourselves)',
    'go (?:die|kil yourself)',
    'kendini (?:oldur|as|assana)\\b',
    'git (?:ol|geber)',
    'gebere(?:ceksin|ceksiniz|sin)',
    'olmeni istiyorum',
    '(?:sen|siz) bittin',
    'yasatmam',
    'kacamazsin',
    'yoksa (?:fena|kotu) (?:olur|olacak)',
    'her yerde gozum var',
    'gozum (?:uzerinde|ustunde)',
    'sonu kotu biter\\w*',
    '\\w+ neymis (?:gosterecegim|gostericem|gosteririm)',
    'come for (?:you|u)',
    'kimse seni kurtaramaz',
    near(
      'arkana bak|dikkatli ol|dikkat et',
      'aileni|evini|gece|yolda|sokakta|donerken|cikista|karanlik\\w*|yoksa|bilesin|haberin olsun|bence|deme',
      4,
    ),
    near(
      'silahim|bicagim|tabancam|ruhsatsiz silah\\w*',
      'bilesin|unutma|haberin|kizdirma|yanimda|cekerim',
      3,
    ),
    'bicagi sok\\w*',
    'bomba koy\\w*',
    '(?:etkinlig\\w*|mekani) (?:basariz|basacagiz|patlat\\w*)',
    '(?:sikacagim|sikarim) (?:hepsine|hepinize|sana|size)',
    'can(?:in|iniz) sag olsun (?:diyorsan|istiyorsan)',
    'sagligin icin',
    'uzun yasamak istiyorsan',
    'basina (?:neler|gelecekleri|is acma)',
    near('(?:sana|size) (?:bir sey|bisey) (?:olmasin|gelmesin)', 'kabul|reddet\\w*|beni al', 4),
    '(?:sana|size) zarar vermek istemem',
    'bunu odeyeceksin',
    'hesabini soracagim',
    'gununu (?:gorursun|gostericem|gosterecegim|gosteririm)',
    'gorursun gununu',
    'hayatini (?:cehenneme|karart)\\w*',
    'anani aglatirim',
    'son uyarim',
    'cikista bekliyorum',
    '(?:dovmeye|dovmek icin|oldurmeye) (?:geliyorum|sabirsizlaniyorum)',
    '(?:dayak|tekme|tokat) (?:atacagim|atarim|yersin|yiyeceksin)',
    '(?:hostu|organizatoru) (?:dovecegim|doverim|bulup dovelim)',
    'watch (?:your|ur) back',
    'sleep with one eye open',
    '(?:won t|wont) see it coming',
    'make (?:your|ur) life hell',
    '(?:you ll|youll|you will) (?:regret|pay for (?:it|this)|be sorry)',
    'better (?:let me in|accept me) or',
    'or else',
    'make (?:you|u) pay',
    'i will find (?:you|u)(?! (?:a|an|some|the|one|seats?)\\b)',
    'coming for (?:you|u)',
    'deserve to (?:get hurt|die)',
    'hope (?:you|u) (?:die|get hit)',
  ]),
  ...list('doxxing', 'review', [
    '(?:oturuyorsun|yasiyorsun|calisiyorsun|kaliyorsun) degil mi',
    '(?:is ?yerine|okuluna) gel(?:irim|ecegim|icem)',
  ]),
  ...list('doxxing', 'block', [
    '(?:kizin|cocugun|adamin|kadinin|hostun|host un|onun) (?:numarasi|adresi|telefonu|ev adresi|evi)',
    near('eski sevgilin\\w*', 'konustum|anlatti|bende', 3),
    '(?:your|ur) (?:mom|mother|dad|sister|brother|ex)\\w* (?:s )?(?:number|address|phone)',
    'find out where (?:you|u) live',
  ]),
];

// ---- doxxing and stalking --------------------------------------------------------------------

// "adresini" is "your address", unless a noun owns it ("mekanın adresini").
const NOT_OWNED = '(?<!\\b(?!senin |sizin )\\w+(?:in|un|nin|nun) )';
const THEIRS = any([
  `${NOT_OWNED}evini`,
  'evinin (?:yerini|adresini)',
  `${NOT_OWNED}adres(?:ini|in|lerini|inizi)`,
  'nere?de (?:oturdugunu|yasadigini|kaldigini|calistigini|otrdgnu)',
  'hangi (?:apartmanda|binada|sokakta|saatte eve) \\w+',
  'kapi numarani',
  'okulunu',
  'evinizi',
  'universiteni',
  'sinifini',
  'is ?yerini',
  'sirketini',
  `${NOT_OWNED}numarani`,
  'numaran',
  'gercek adini',
  'soyadini',
  'kimligini',
  'tc (?:numaran|kimlik numarani|no)',
  'ip adresini',
  'konumunu',
  'konumun',
  'plakani',
  'plakasi',
  'instagramini',
  'hesab(?:ini|inizi)',
  'hesaplarini',
  'linkedin profilini',
  'anneni',
  'annenin numarasi',
  'babanin is ?yerini',
  'kardesinin okulunu',
  'sevgilinin numarasi',
  'eski sevgilin\\w*',
  'aileni',
  'ailen kim',
]);
const I_KNOW = any([
  'biliyorum',
  'biliyom',
  'blyrm',
  'buldum',
  'bulurum',
  'bulacagim',
  'bulucam',
  'ogrendim',
  'bende',
  'elimde',
  'not aldim',
  'isaretledim',
  'taniyorum',
]);
const PRIVATE = any([
  'numarani',
  'adresini',
  '(?<!\\b(?:etkinlik|event|grup|mac|toplu|ortak)\\w* )foto(?:graf)?larini',
  'resimlerini',
  'videolarini',
  'mesajlarini',
  'ekran goruntu\\w*',
  'bilgilerini',
  'ozel \\w+',
  'ciplak \\w+',
  'konumunu',
  'her seyini',
]);
const PUBLISH = any([
  'yay(?:arim|acagim|icam)',
  'paylas(?:irim|acagim|icam|tim)',
  'at(?:arim|acagim|icam)',
  'koy(?:arim|acagim|ucam)',
  'dagit(?:irim|acagim)',
  'ifsa \\w+',
  'sizdir\\w*',
]);

// Where following someone is what the site is for.
const PLATFORM =
  '(?:instagram|insta|twitter|tiktok|sayfa|hesap|github|gitlab|linkedin|youtube|twitch|kick|medium|substack|spotify|strava|goodreads|letterboxd|pinterest|behance|dribbble|mastodon|bluesky|reddit|kaggle)';

export const DOXXING: PhraseEntry[] = [
  ...list('doxxing', 'block', [
    near(THEIRS, I_KNOW, 3),
    near(PRIVATE, PUBLISH, 4),
    '(?:seni|sizi) ifsa\\w*',
    'ifsa(?:larim|layacagim|ederim|edecegim)',
    '(?:herkese|internete|gruplara|twitter\\w*|sosyal medyaya) (?:yayarim|yayacagim|dagitirim|paylasirim|koyarim)',
    '(?:herkese|ailene|annene|babana|sevgiline) (?:gosteririm|gosterecegim|goster\\w*cegim)',
    'i know (?:where (?:you|u) (?:live|work|study|sleep)|(?:your|ur) (?:real name|address|school|phone number|number|ip|house|workplace)|which (?:bus|train|gym|school))',
    'i (?:found|have|got) (?:your|ur) (?:address|home address|house|number|ip|school|workplace|real name|ex)',
    'i already found it',
    '(?:i ll|ill|i will|gonna|going to|im going to|i m going to) (?:post|leak|share|publish|send|spread|expose|dox) (?:your|ur|you|them)',
    'leak them',
    'dox+(?:ed|ing)? (?:you|u)',
    '(?:numarami|adresimi|foto(?:graf)?larimi|mesajlarimi) (?:\\w+ ){0,2}(?:yaydi|paylasti|atti|ifsa etti|dagitti)',
    '(?:your|ur) (?:address|number) is (?:all over|online|everywhere)',
    '(?:your|ur) ex gave me',
  ]),
  ...list('stalking', 'block', [
    // not on a platform: "GitHub'da seni takip ediyorum", "seni Strava'da takip ediyorum"
    `(?:seni|sizi)(?<!\\b${PLATFORM}\\w* (?:\\w+ )?(?:seni|sizi)) (?:izliyorum|izliyom|gozetliyorum|takip ediyorum|takipteyim)(?! \\w* ?${PLATFORM})`,
    'evinin onun(?:den|de|deyim)\\w*',
    'penceren\\w*',
    'kapini calacagim',
    'kapinin onune',
    '(?:eve|evine|evinize) kadar takip\\w*',
    'takip ettim seni',
    'her (?:gun|sabah|aksam|hafta|gece) (?:\\w+ ){0,3}(?:gidiyorsun|bekliyorsun|cikiyorsun|geciyorsun|giriyorsun)',
    'her (?:gun|sabah) seni (?:\\w+ ){0,3}(?:goruyorum|izliyorum)',
    '(?:kiminle|nereye|ne zaman) (?:oturdugunu|gittigini|ciktigini|girdigini) (?:gordum|biliyorum)',
    'hangi saatte (?:eve )?(?:girdigini|ciktigini)',
    '(?:cikisini|girisini|ciktigini|girdigini) gordum',
    near('ciktigini|girdigini|gittigini', 'biliyorum|gordum', 3),
    '(?:cikisini|cikmani) bekle\\w*',
    near('gordum', 'ustunde|uzerinde|giymistin', 5),
    near(
      '(?:balkon|pencere|bahce|otobus|metro|durak|salon|market|kafe|sokak|yol|ev)\\w*(?:daydin|deydin|taydin|teydin)',
      'gordum',
      3,
    ),
    'i (?:ve been|have been|am|m) watching (?:you|u)',
    'followed (?:you|u) home',
    'outside (?:your|ur) (?:house|home|window|door)',
    'i saw (?:you|u) at the (?:gym|bus|station|cafe|market)',
  ]),
];
