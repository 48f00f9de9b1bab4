import type { PhraseEntry } from './moderation.phrases.ts';
import type { KnownReason } from './moderation.reasons.ts';

// Word lists of the rules engine, written for this project (ADR 020, 036). Patterns are regular-expression
// sources over one word; every letter may repeat ("siiiktir"), see expandRuns. A word matches an
// entry when the whole word matches (exact) or, for `prefix` entries, when it starts with it, which
// covers Turkish suffixes ("orospuluk", "amcıklar"). View 'fold' is ASCII-folded; view 'tr' keeps the
// Turkish letters, so "sik…" entries never see "şık" (chic) or "sıkı" (tight) typed with Turkish
// letters. On an ASCII keyboard both are "sik…": vowel harmony decides (sık- takes a/ı: "sıkar",
// "sıkıntı"; sik- takes e/i: "siker"), and forms that stay ambiguous ("sikildim" = bored, "sikisik" =
// crowded, "sikiyor" = pinches) are not listed.

export type Level = 'review' | 'block';
export type WordEntry = { p: string; code: KnownReason; level: Level; view: 'tr' | 'fold'; prefix: boolean };

const entries = (
  code: KnownReason,
  level: Level,
  opts: { view?: 'tr' | 'fold'; prefix?: boolean },
  patterns: string[],
): WordEntry[] =>
  patterns.map((p) => ({ p, code, level, view: opts.view ?? 'fold', prefix: opts.prefix ?? false }));

// Block entries come first: the first entry that matches a word decides.
export const WORDS: WordEntry[] = [
  // Turkish, severe.
  ...entries('profanity', 'block', { view: 'tr', prefix: true }, [
    'siktir',
    'sikti[gğ]',
    'sike',
    'sikik',
    'sikim',
  ]),
  ...entries('profanity', 'block', { view: 'tr' }, [
    'sikiyim',
    'sikiym',
    'sikic(?:em|ez|ek|eg)',
    'sikin(?:i|e|den)',
    'sikme(?:k|m|yi|ye)?',
    'siktim',
  ]),
  ...entries('sexual', 'block', { view: 'tr', prefix: true }, ['sikiş']),
  ...entries('sexual', 'block', { view: 'tr' }, ['sikis(?:e|elim|ek|en|mek|ler|te|ken)?']),
  ...entries('profanity', 'block', { prefix: true }, [
    'hassikt',
    'hasikt',
    'orosp',
    'amina',
    'amcik',
    'orospu',
    'orosbu',
    'orspu',
    'orsbu',
    'oruspu',
    'yarak',
    'dalyarak',
  ]),
  ...entries('profanity', 'block', {}, [
    'amini\\w*',
    'aminiz\\w*',
    'yarag(?:i|im|imi|in|ini|a|ima|ina|imin)',
    'dalyarag(?:i|im|imi|in|ini|a|ima|ina|imin)',
    'fuckyou',
    'fuckoff',
    'siktirgit',
    // Without vowels (ADR 036): "sktr", "hssktr", "skym", "orspu", "yrrk".
    'sktr\\w*',
    'sktir\\w*',
    'siktr\\w*',
    'hs+ktr\\w*',
    'skrm',
    'sky?i?m',
    'orsp\\w*',
    'orsb\\w*',
    'yrr?k',
    'sikimsonik\\w*',
    'yarram\\w*',
  ]),
  ...entries('harassment', 'block', { view: 'tr', prefix: true }, ['piç']),
  ...entries('harassment', 'block', { view: 'tr' }, ['oç(?:lar|ler)?']),
  ...entries('harassment', 'block', { prefix: true }, [
    'kahpe',
    'kaltak',
    'fahise',
    'pezevenk',
    'gavat',
    'durzu',
    'surtuk',
    'kevase',
    'bitch',
    'biatch',
    'motherfuck',
  ]),
  ...entries('harassment', 'block', {}, [
    'pust(?:lar|un|sun|luk|u)?',
    'cunts?',
    'sluts?',
    'slutty',
    'whores?',
  ]),
  ...entries('hate', 'block', { prefix: true }, ['ibne', 'gotveren', 'nigger', 'nigga', 'faggot']),
  ...entries('hate', 'block', {}, [
    'fags?',
    'fagot',
    'trannys?',
    'trannies',
    'kikes?',
    'chinks?',
    'spics?',
    'pakis?',
    'dykes?',
  ]),
  ...entries('sexual', 'block', { prefix: true }, [
    'porn(?!ograf)',
    'sakso',
    'sevis',
    'escort',
    'memeler',
    'tecavuz',
  ]),
  ...entries('sexual', 'block', {}, [
    'seks',
    'sex',
    'horny',
    'dtf',
    'nudes',
    'hookup',
    'fwb',
    'orgy',
    'orgi',
    'rape',
  ]),
  ...entries('threat', 'block', {}, ['kys', 'geber', 'gebersene', 'geberin']),
  ...entries('hate', 'block', { prefix: true }, ['nonos']),

  // Turkish, milder: the host decides.
  ...entries('profanity', 'review', { view: 'tr' }, [
    'sik',
    'göt(?:ü|e|ün|ünü|üne|ünden|üm|ümü|üme|ümden|ler|oş)?',
  ]),
  ...entries('profanity', 'review', {}, [
    'amk',
    'amq',
    'amck',
    'mq',
    'aq',
    'mk',
    'oc',
    'bok(?:tan|u|a|lu|ta|uk)?',
    'got(?:u|un|unu|une|unden|umu|ume|os)',
    'pic(?:ler|lik|in|e|i)',
  ]),
  ...entries('profanity', 'review', { prefix: true }, ['tasak', 'sikindir', 'sict']),
  ...entries('harassment', 'review', { prefix: true }, [
    'salak',
    'gerizekali',
    'serefsiz',
    'haysiyetsiz',
    'yavsak',
    'dangalak',
    'dallama',
    'gotlek',
    'beyinsiz',
    'gerzek',
    'avanak',
    'ahmak',
    'beceriksiz',
    'kafasiz',
    'hoduk',
    'asagilik',
  ]),
  ...entries('harassment', 'review', {}, [
    'aptal(?!ca)\\w*',
    'ezik(?:sin|siniz|ler|lerin|lik)?',
    'mal(?:sin|siniz)',
    'zavalli(?:sin|siniz)',
    'cahil(?:sin|siniz)',
    'rezil(?:sin|siniz)',
    'igrenc(?:sin|siniz)',
    'copsun',
    'grzkl',
    'angut',
    'denyo',
    'embesil',
    'mongol',
  ]),
  ...entries('sexual', 'review', {}, [
    'seksi(?:sin|siniz|yim|m|ydi|ydin|sindir)?',
    'sexy',
    'ciplak',
    'nude',
    'yatalim',
    'pornograf\\w*',
  ]),
  ...entries('threat', 'review', {}, ['gebertir(?:im|icem|ecegim)']),

  // English, milder.
  ...entries('profanity', 'review', { prefix: true }, ['fuck']),
  ...entries('profanity', 'review', {}, [
    'fck',
    'fcking',
    'fckin',
    'fuk',
    'fuking',
    'fukin',
    'fuq',
    'fkn',
    'ffs',
    'fking',
    'fkin',
    'phuck',
    'fcuk',
    'wtf',
    'stfu',
    'gtfo',
    'shit(?:s|ty|head|heads|hole|show|ting|ter)?',
    'bullshit',
    'ass',
    'assholes?',
  ]),
  ...entries('harassment', 'review', {}, [
    'dumbass',
    'jackass',
    'smartass',
    'dickheads?',
    'bastards?',
    'wankers?',
    'twats?',
    'idiots?',
    'losers?',
    'idiotic',
    'morons?',
    'moronic',
  ]),
  ...entries('hate', 'review', {}, ['retard(?:s|ed)?', 'zenci(?:ler|lar)?', 'gavur(?:lar|lari)?']),
];

// Words that only look like listed ones once repeated letters are squeezed ("sikke" would read
// "sike…", "Sikkim" "sikim"). Matched as prefixes before the lists, per view.
export const INNOCENT: { tr: string[]; fold: string[] } = {
  // "book" squeezes to "bok"
  tr: ['sikke', 'sikkim', 'book'],
  fold: [],
};

// ADR 020's phrases over the folded words joined by single spaces ("kafani kirarim"); same run
// expansion. The context-aware ones of ADR 036 are in moderation.phrases*.ts.
const phrases = (
  code: KnownReason,
  level: Level,
  patterns: string[],
  tag?: PhraseEntry['tag'],
): PhraseEntry[] => patterns.map((p) => ({ p, code, level, tag }));

const GROUPS =
  'suriyeli|kurt|arap|ermeni|yahudi|rum|cingene|zenci|afgan|gay|lezbiyen|escinsel|trans|gavur|ibne|kafir';

export const PHRASES: PhraseEntry[] = [
  ...phrases(
    'threat',
    'block',
    [
      '(?:oldururum|gebertirim|bicaklarim|vururum|dogrurum) (?:seni|sizi)',
      '(?:seni|sizi) (?:oldururum|olduruyum|oldurucem|oldurecegim|gebertirim|gebertecegim|gebertirim|bicaklarim|bicaklicam|bicaklayacagim|vururum|vurucam|dogrurum|dogrucam|keserim|kesicem)',
      '(?:kafani|kafanizi|agzini|burnunu|bacaklarini|bacagini|kemiklerini|dislerini|disini|kolunu) (?:\\w+ )?(?:kiririm|kirarim|kiracagim|kiricam|kircam)',
      'i (?:wil|l|am gona|m gona|gona|am going to|m going to|would) (?:kil|hurt|stab|beat|rape|shot) (?:you|u)',
    ],
    'violence',
  ),
  ...phrases('threat', 'block', [
    'gununu (?:gorursun|gostericem|gosterecegim|gosteririm)',
    'gorursun gununu',
    'kendini (?:oldur|as)',
    'git (?:ol|geber)',
    'kil (?:yourself|urself|ur self|your self|yourselves)',
  ]),
  ...phrases('hate', 'block', [
    `pis (?:${GROUPS})\\w*`,
    `(?:${GROUPS})(?:ler|lar)? (?:gelmesin|giremez|yasak|defolsun|geberin|gebersin)`,
    `(?:${GROUPS}) (?:dolu|tohumu|pici|bozuntusu)`,
    'no (?:gays|blacks|arabs|jews|muslims|trans|turks|kurds|syrians|gay people)',
  ]),
  ...phrases('harassment', 'block', [
    '(?:fuck|fck|fuk|f) (?:you|off|u|yourself)',
    'pic kurusu',
    'amk cocu\\w*',
  ]),
  ...phrases('profanity', 'block', [
    'ananin ami\\w*',
    'sik kafali\\w*',
    'am yala\\w*',
    'm?ina (?:koy|kod)\\w*',
    'amn (?:koy|kod)\\w*',
    'bacini sik\\w*',
    'ana(?:sini|ni|nizi) sattigim\\w*',
  ]),
  ...phrases('sexual', 'block', [
    'seks yap\\w*',
    'nude (?:at|atar|atsana|gonder|yolla|foto|pic)\\w*',
    '(?:benimle|birlikte|beraber|bizimle|bende|sende|otelde|odada|odanda) yatal\\w*',
    '^yatalim(?: mi)?$',
    'suck (?:my|a|his) (?:dick|cock)',
    'ciplak (?:foto|fotograf|resim|video|pic)\\w*',
    'send (?:nudes|pics|nods|noods)',
    'hok up',
    'one night stand',
    'sugar (?:dady|momy|baby)',
    '(?:wana|want to) (?:fuck|hok up|slep with)',
  ]),
  // Advances at a stranger: "çıkalım mı bir ara".
  ...phrases('advances', 'review', [
    '(?:benimle )?(?:cikalim|cikar) mi(?:sin)? (?:bir ara|baska zaman|yalniz)',
  ]),
  ...phrases('profanity', 'review', ['ana(?:sini|ni|nizi) sat(?:ayim|iyim|im)']),
  ...phrases(
    'harassment',
    'review',
    [
      'mal (?:misin|misiniz)',
      'geri zekali\\w*',
      '(?:hiyar|okuz|gerzek) (?:misin|gibi|herif)\\w*',
      '(?:you|u) (?:re|are|r) (?:so |such an? |an? |a fucking )?(?:stupid|dumb|idiot|moron|ugly|fat|loser|retard|retarded|pathetic)',
    ],
    'insult',
  ),
];

// Phrases that make their words innocent ("çok şık" typed as "cok sik", "sık sık" as "sik sik",
// Mortal Kombat 11 as "mk 11").
export const SAFE_PHRASES = [
  'sex (?:education|and the city|pistols|chromosomes?|hormones?)',
  // biology: "seks kromozomları", "seks hormonları"
  'seks (?:kromozom|hormon)\\w*',
  // "çıplak" said of a thing, not a person: the naked eye, bare feet, a statue, a life-drawing study,
  // bare branches or cables
  'ciplak (?:goz|ayak|heykel|tablo|figur|portre|eser|dal|agac|kablo|duvar|tepe|kaya)\\w*',
  'ciplak calisma(?:si|lar|lari)?',
  'middlesex|essex|sussex',
  '(?:cok|en|gayet|pek|daha|ne|bi|bir) sik',
  'sik sik',
  'sik (?:bir|giyin\\w*|mekan|kafe|cafe|yer|restoran|ortam)',
  'mk \\d+',
  // a concept studied: "tecavüz kültürü kavramı"
  'tecavuz kultur\\w*',
  'mortal kombat',
];
