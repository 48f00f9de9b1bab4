import type { KnownReason } from './moderation.reasons.ts';
import type { Level } from './moderation.lexicon.ts';
import { near, type PhraseEntry, type PhraseTag } from './moderation.phrases.ts';
import { MINORS_AWAY } from './moderation.phrases.structure.groups.ts';

// Phrases about people (ADR 036): predatory questions and sexual remarks. Same format as
// moderation.phrases.ts; groups, bodies and self-harm are in moderation.phrases.groups.ts.

// What "ateşli" may describe without being said of a person.
const HEATED = '(?:mac|tartisma|muhabbet|rekabet|yaris|karsilasma|derbi|final|oyun|ortam|debate|match)\\w*';

const list = (code: KnownReason, level: Level, patterns: string[], tag?: PhraseTag): PhraseEntry[] =>
  patterns.map((p) => ({ p, code, level, tag }));
const any = (words: string[]) => `(?:${words.join('|')})`;

// ---- predatory -------------------------------------------------------------------------------

const GIRLS = '(?:kiz(?! kardes)|kizlar|kizlari|bayan|bayanlar|girls?)';
const UNDER_18 = '(?:1[0-7]|1[0-7] 1[0-7]|on (?:bes|alti|yedi|dort))';

export const PREDATORY: PhraseEntry[] = [
  ...list(
    'predatory',
    'review',
    [
      // not "genelde kaç yaşındasınız?": the group's usual age
      '(?<!\\b(?:genelde|ortalama|genel olarak|grupta) )kac (?:yasindasin|yasindasiniz|yasinda misin)',
      'yasin kac',
      'kaclisin',
      'dogum yilin kac',
      'kacinci sinif\\w*',
      'hangi lise\\w*',
      'lisede misin',
      'liseli misin',
      'how old (?:are|r) (?:you|u)',
      'asl',
      'what (?:grade|school) (?:are you in|do you go to)',
      '(?:are you|r u) (?:still )?in high school',
      'kac yasinda (?:kizlar|kiz)',
      `${GIRLS} kac yasinda`,
      'en genc katilimci',
      `18 alti\\w*${MINORS_AWAY}`,
      '(?:are you|r u) (?:under|below) 18',
      '(?:genc|kucuk) (?:gorunuyorsun|gozukuyorsun)',
      '(?:kizlarin|kizin|gelenlerin) yas(?:lari|i) kac',
      'yasimi sordu\\w*',
    ],
    'age',
  ),
  ...list(
    'predatory',
    'review',
    [
      '(?:yalniz|tek|tek basina) mi (?:gel(?:eceksin|iyorsun|cen|cek misin)|yasiyorsun)',
      'yalniz misin',
      '(?:yalniz|tek) (?:gel|ol yeter|olursan|gelirsen)',
      'evde yalniz misin',
      '(?:ailenle|annenle) mi yasiyorsun',
      '(?:annen|baban|ailen) (?:baban )?evde mi',
      'yoksa (?:yalniz|tek) mi',
      'yalniz gelmemi',
      '(?:arkadasini|kimseyi|kiz arkadasini) getirme',
      'arkadasin gelmesin',
      '(?:are|r) (?:you|u) (?:coming )?alone',
      '(?:you|u) coming (?:alone|by yourself)',
      // not "I'll come alone": the writer's own plan
      '(?<!\\b(?:i ll|ill|i will|i m gonna|im gonna|i can|i d|i would|i) )come alone',
      'will (?:you|u) be alone',
      '(?:do|d) (?:you|u) live alone',
      'are (?:your|ur) parents home',
      '(?:don t|dont) bring anyone',
    ],
    'alone',
  ),
  ...list(
    'predatory',
    'review',
    [
      `sadece (?:${GIRLS}|kadinlar) (?:gelsin|katilsin|katilabilsin|olsun)`,
      `${GIRLS} (?:varsa|gelirse) (?:ben de )?gelirim`,
      `(?:only|just) (?:young )?${GIRLS}`,
      `${GIRLS} only`,
      `genc ${GIRLS}\\w*`,
    ],
    'meet',
  ),
  ...list(
    'predatory',
    'review',
    [
      'sadece (?:sen ve ben|ikimiz|ikimiz yeter)',
      'ikimiz yeter',
      '(?:otel odasi|evime gel)\\w*',
      near('seni (?:eve|arabayla eve) birakirim', 'yalniz|kimse\\w*', 5),
      near('hediye alirim|para veririm', 'yalniz|benimle|bulus\\w*', 4),
      'just (?:you and me|us two)',
    ],
    'meet',
  ),
  ...list(
    'secrecy',
    'review',
    [
      '(?:kimseye|ailene|annene|babana|arkadaslarina) (?:soyleme|anlatma|haber verme|bahsetme|soylemeyiz)',
      'aramizda kalsin',
      'kimse bilmesin',
      '(?:ailen|annen|baban) bil(?:mesin|mez)',
      '(?<!\\b(?:benimki|numaram|numaramin|bilgilerim) )gizli (?:bir )?(?:bulusma|konusalim|kalsin|bulusalim)',
      'sir olarak kalsin',
      '(?:izin almana|haber vermene|sormana) gerek yok',
      '(?:mesajlarimizi|konusmamizi|mesajlasmamizi) sil\\w*',
      'telefonunu (?:annen|ailen|baban) kontrol',
      'delete (?:our|this|the) chat',
      'keep (?:this|it) between us',
      '(?:don t|dont|do not) tell (?:your parents|anyone|your mom|your dad|your family)',
      '(?:you )?(?:don t|dont) need to tell anyone',
    ],
    'secret',
  ),
  ...list('minors', 'block', [
    near(GIRLS, `${UNDER_18} yas\\w*|18 alti\\w*|resit olmayan\\w*`, 4),
    `${UNDER_18} yasinda(?:ysan|ysaniz)? (?:da )?(?:olur|biri)`,
    '18 (?:alti|altiysan|olmasan)\\w* (?:\\w+ )?(?:da |de )?(?:olur|sorun degil|fark etmez)',
    'resit (?:olmasan|degilsen)\\w*',
    `resit olmayan\\w*${MINORS_AWAY}`,
    'degilsen daha iyi',
    '(?:lise\\w*|liseli|ortaokul\\w*) (?:\\w+ ){0,2}(?:kiz|kizlar|kizlari|kizlarla)\\b',
    '(?:kucuk yasta\\w*|kucuk yastaki|kucuk) (?:kiz|kizlar|kizlari|kizlarla)\\b',
    'ortaokul kizlari',
    'yasin kucuk\\w*',
    'okul (?:uniforman\\w*|cikisi gel)',
    'seni okuldan alayim',
    'the younger the better',
    'i like them young',
    '(?:are|r) (?:you|u) 1[0-7]',
    'high school girls',
    'pick (?:you|u) up from school',
    'look (?:younger|1[0-7])',
  ]),
];

// ---- sexual ----------------------------------------------------------------------------------

const INTIMATE = any([
  'goguslerin\\w*',
  'gogsun\\w*',
  'gogus olcun',
  'memelerin\\w*',
  'kalca(?:n|larin)\\w*',
  'popon\\w*',
  'gotun (?:cok )?(?:guzel|harika|super|buyuk)',
  // not a sports bra asked about ("spor sütyeni önerisi", "sporcu sütyeni yeter mi"): a bra not after
  // "spor", someone's or on someone ("sütyenin", "sütyenli"), or one told to wear ("… sütyeni giy de
  // gel", "… sütyeniyle gelirsen")
  'sutyen(?<!\\bspor(?:cu)? sutyen)\\w*',
  'sutyen(?:in|iniz|li)\\w*',
  'sutyen\\w*(?= (?:\\w+ ){0,3}(?:giy|gel)(?:\\w*(?:sen|seniz|sene|sin|siniz|misin|in|iniz))?\\b)',
  'ic camasirli foto\\w*',
  'foto\\w* (?:\\w+ )?(?:kalca|gogus|meme|popo)\\w*',
]);

export const SEXUAL: PhraseEntry[] = [
  ...list('sexual', 'block', [
    INTIMATE,
    '(?:seninle|benimle) (?:yat\\w*|bir gece|bi gece|gece gecir\\w*)',
    '(?:odama|otelime|otel odama) gel\\w*',
    'odamda bekliyorum',
    'otel odasi tuttum',
    'seni yataga',
    '(?<!kendimi )yataga (?:at\\w*|gel\\w*|davet\\w*)',
    'yatagima',
    'yatakta (?:da|nasil|iyi)',
    'seks (?:partner\\w*|arkadasi\\w*|yap\\w*)',
    '(?:kiyafetsiz|ciplak|mayolu|bikinili) (?:foto\\w*|halini|resim\\w*)',
    'ozel (?:foto\\w*|resim\\w*) (?:at\\w*|gonder\\w*)',
    '(?:kizlar|kadinlar|bayanlar) (?:\\w+ )?(?:mayo|bikini|kisa etek|etek|tayt|sort)\\w* gel\\w*',
    'seni soy(?:mak|acagim|arim)\\w*',
    'sana masaj',
    'agzin neler',
    'agzima al\\w*',
    '(?:31|otuz bir) cek\\w*',
    'azdim|azgin\\w*',
    'sertten hoslan\\w*',
    'islak ruya\\w*',
    'frikik veriyorsun',
    '69 pozisyon\\w*',
    'yalarim',
    'vucudunu gormek',
    'kiyafetsiz',
    'nude(?:lerin|larin)\\w*',
    '(?:opmek|yalamak|dokunmak|sarilmak)\\w* (?:\\w+ )?her yerin\\w*',
    'her yerini (?:op|yala)\\w*',
    'neler yapar\\w* kim bilir',
    '(?:your|ur) body is',
    '(?:nice|great|hot|sexy) (?:body|ass|tits|boobs)',
    'show me (?:your|ur) (?:boobs|tits|body|ass)',
    '(?:your|ur) (?:tits|boobs|ass) (?:look|are|is)',
    'bra size',
    'see (?:you|u) naked',
    '(?:send|show) (?:me )?(?:a )?(?:pic|pics|photo) of (?:your|ur) body',
    '(?:your|ur) pics are hot',
    '(?:fun|good) in bed',
    '(?:sleep|slep) with (?:you|u|me)',
    'come to my (?:hotel|room|place)',
    '(?:wana|want to|wanna) (?:fuck|have sex|sleep)',
    'let s have sex',
    'make me horny',
    'blowjob|bj',
    'sit on my face',
    'noods|nudez|n0+dz|noodz',
  ]),
  ...list('advances', 'review', [
    // not a heated thing: "ateşli bir maç olacak"
    `(?:cok |o kadar |ne kadar )?(?:guzelsin|tatlisin|yakisiklisin|cekicisin|seksisin|(?<!\\b(?:tartisma|muhabbet|mac|rekabet|ortam|kavga|yarisma|cekisme|kamp|debate|match)\\w* (?:\\w+ )?)atesli(?:sin|(?! (?:bir |bi |cok )?${HEATED}))|hossun)`,
    'fistik gibisin',
    // Not the nut: "fıstık alerjim var".
    'fistik(?!.*\\balerj)(?<!\\balerj.*)',
    '(?:sevgilin|erkek arkadasin|kiz arkadasin) var mi',
    'evli misin',
    'seni opmek',
    'opu(?:cuk|lesi)\\w*',
    'o elbiseyle',
    '(?:vucudun|gozlerin|gulusun|gulumsemen|sacin|saclarin|tenin|yuzun) (?:cok |o kadar )?(?:guzel|harika|tatli|seksi)\\w*',
    'dudaklarin',
    'bacaklarin (?:cok )?(?:guzel|harika)',
    'fotograflarinda (?:cok )?(?:cekici|seksi|guzel gorunuyorsun)',
    'bas basa',
    'bize gidelim',
    'bende (?:kalir mi\\w*|kalabilirsin|kalalim|film)',
    'gece bende',
    'selfie (?:at|gonder)\\w*',
    'ne giyiyorsun',
    '(?:guzel|tatli|seksi|cekici) olman\\w*',
    'guzelliginle',
    'etkinli\\w* (?:icin )?degil (?:sana|senin icin)',
    'not for the (?:game|event)',
    'citir (?:misin|kiz\\w*)',
    '(?:your|ur) (?:smile|eyes|lips) (?:is|are)',
    'date (?:after|with me)',
    'come over (?:tonight|to my)',
    'gercekte de (?:bu kadar )?(?:guzel|seksi)',
    '(?:hey|hi) (?:beautiful|sexy|gorgeous|babe|baby)',
    'damn girl',
    '(?:you re|youre|you are|ur) (?:so )?(?:pretty|hot|beautiful|sexy|gorgeous)',
    'you look (?:so )?(?:hot|sexy)',
    '(?:are you|r u) single',
    'what are (?:you|u) wearing',
    'netflix and chill',
    'my place',
    'send me a selfie',
    'take (?:you|u) out',
  ]),
  // Words of endearment: to someone, or of the writer's own love ("Aşkım kahve" in a bio, 'endear').
  ...list(
    'advances',
    'review',
    [
      // not a baby spoken of: "bebeğim 8 aylık", "bebeğim 2 yaşında"
      '(?:bebegim(?! (?:\\d+ )?(?:aylik|haftalik|gunluk|yasinda)\\b)|askim|tatlim)',
    ],
    'endear',
  ),
];

export const PEOPLE: PhraseEntry[] = [...PREDATORY, ...SEXUAL];
