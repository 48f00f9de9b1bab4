import { contextHits } from './moderation.context.ts';
import { quotedAsAt, type Hit } from './moderation.hits.ts';
import { INNOCENT, PHRASES, SAFE_PHRASES, WORDS, type WordEntry } from './moderation.lexicon.ts';
import { isGibberish, isShouting } from './moderation.noise.ts';
import { cleanText } from './moderation.normalize.ts';
import { GROUPS_AND_SELF } from './moderation.phrases.groups.ts';
import { PEOPLE } from './moderation.phrases.people.ts';
import { DOXXING, THREATS, type PhraseEntry } from './moderation.phrases.ts';
import { STRUCTURE } from './moderation.phrases.structure.ts';
import { decide, type RuleFacts } from './moderation.policy.ts';
import { spamHits } from './moderation.spam.ts';
import { analyse, execAll, expandRuns, wordsInRange, type Analysis } from './moderation.text.ts';
import { MAX_CHECKED_CHARS } from './moderation.thresholds.ts';
import type { CheckContext, CheckResult, MessageChecker, TextKind } from './moderation.types.ts';

// The rules engine (ADR 020, 036): normalisation, word lists, phrases with context, spam signals and
// the sender's history. Everything is compiled once, at import.

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
  // `from`: the match must reach this far into the word (a glued pair must use two letters of its
  // second word: "sik tir" is "siktir", "sik etkinlik" is not "sike…") and leave at most an ending
  // of it unread ("bit ches" is "bitches", "bit chubby" is not "bitch…").
  return (word: string, from = 0): WordEntry | undefined => {
    const bucket = compiled.get(word[0]);
    const m = bucket?.re.exec(word);
    if (!m || m[0].length < from || (from > 0 && word.length - m[0].length > 3)) return undefined;
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
export const isListedWord = (word: string) => lookupFold(word) !== undefined || lookupTr(word) !== undefined;

// ---- phrases ---------------------------------------------------------------------------------

const wordBounded = (source: string) => `\\b(?:${source})\\b`;
// One alternation per group of phrases (execAll finds every non-overlapping phrase of a group, and a
// phrase of one group may overlap one of another).
const GROUPS: PhraseEntry[][] = [PHRASES, THREATS, DOXXING, PEOPLE, GROUPS_AND_SELF, STRUCTURE].flatMap(
  (group) => {
    const size = 60;
    return Array.from({ length: Math.ceil(group.length / size) }, (_, i) =>
      group.slice(i * size, (i + 1) * size),
    );
  },
);
const phraseRes = GROUPS.map(
  (group) => new RegExp(group.map((p) => `(${wordBounded(expandRuns(p.p))})`).join('|'), 'g'),
);
phraseRes.forEach((re, i) => {
  if (new RegExp(`${re.source}|`).exec('')!.length - 1 !== GROUPS[i].length) {
    throw new Error('moderation phrases: a pattern contains a capturing group');
  }
});
const safeRe = new RegExp(SAFE_PHRASES.map((p) => wordBounded(expandRuns(p))).join('|'), 'g');

// Words after a phrase that make it someone else's words, reported: "diye bağırdı", "diyen adam",
// "yazan", "dedi", "şakası yapan", "diye soruyorlar". Not "dedim", "diye soruyorum" or "diye
// uyarayım": the writer's own, unless taken back as a joke ("… dediysem şakaydı"). A report quotes
// the harm to describe it, and keeps every signal.
const REPORTED =
  /(?: \w+){0,2}? (?:diye (?:bagir|yaz|soyle|sov|konus|gul|mesaj|bir)\w*|diye sor(?:du(?:lar|ydu)?|uyor?(?:lar|du)?|ar(?:lar|di)?|mus(?:lar|tu)?|uldu|uluyo\w*)|dedin(?:iz)?|diyen\w*|diyenler\w*|yazan\w*|yazmis(?:lar|ti)?|dedi(?:ler|ydi)?|demis(?:ler|ti|lerdi)?|sakasi\w*|(?:dediysem|dedigim(?:de)?) (?:\w+ )?saka(?!\w* (?:degil|falan degil|yapmiyorum))\w*)\b/y;

// A side drawn or given in a debate: "kurayla '… geri gönderilsin' tarafını aldım".
const SIDE = /(?: \w+){0,2}? taraf(?:i|ini|ina|inda)\b/y;
const DEBATE = /\b(?:kura\w*|munazara\w*|debate\w*|tartisma\w*)\b/;

// Whether the words after `end` (an offset in the word text) report what came before it, name it as
// an example of what is said, or give it as a debate's side.
function reportedAt(a: Analysis, end: number, match = ''): boolean {
  REPORTED.lastIndex = end;
  SIDE.lastIndex = end;
  const w = a.wordText;
  return REPORTED.test(w) || quotedAsAt(w, end, match) || (SIDE.test(w) && DEBATE.test(w));
}

// A word glossed as another language's: "Rusçada 'bok' yan taraf demek", "in Russian 'bok' means
// side". The language just before the word, the meaning within three words after it.
const LANGUAGE =
  /\b(?:(?:rus|ingiliz|alman|fransiz|ispanyol|italyan|japon|arap|fars|yunan|hollanda)ca|(?:portekiz|cin|kore|latin|turk|kurt|leh)ce|in (?:russian|english|german|french|spanish|italian|japanese|chinese|korean|arabic|greek|latin|turkish|polish|dutch))(?:da|de)? (?:\w+ )?$/;
const MEANS = /(?: \w+){0,3} (?:demek\w*|anlam(?:i|ina|inda)\w*|means?)\b/y;
function glossedAt(a: Analysis, first: number, last: number): boolean {
  MEANS.lastIndex = a.wordStarts[last] + a.words[last].length;
  return MEANS.test(a.wordText) && LANGUAGE.test(a.wordText.slice(0, a.wordStarts[first]));
}

function abuseHits(a: Analysis, hits: Hit[], kind: TextKind) {
  const quoting = kind !== 'report';
  const safe = new Set<number>();
  for (const m of execAll(safeRe, a.wordText)) {
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
    const reach = c.pair ? a.words[c.first].length + 2 : 0;
    const folded = c.pair ? lookupFoldBlock(c.fold, reach) : lookupFold(c.fold);
    const turkish = c.pair ? lookupTrBlock(c.tr, reach) : lookupTr(c.tr);
    const entry = folded?.level === 'block' || !turkish ? folded : turkish;
    if (entry && quoting && reportedAt(a, a.wordStarts[c.last] + a.words[c.last].length)) continue;
    if (entry && glossedAt(a, c.first, c.last)) continue;
    if (entry) {
      const insult = entry.code === 'harassment' && entry.level === 'review';
      hits.push({ code: entry.code, level: entry.level, tag: insult ? 'insult' : undefined, word: c.fold });
    }
  }
  phraseRes.forEach((re, i) => {
    for (const m of execAll(re, a.wordText)) {
      // Quoted to report it: "'seni öldürcem' diye bağırdı", "'kendini öldür' yazan adamı bildirdim".
      if (quoting && reportedAt(a, m.index + m[0].length, m[0])) continue;
      for (let g = 1; g < m.length; g++) {
        if (m[g] !== undefined) {
          const p = GROUPS[i][g - 1];
          hits.push({ code: p.code, level: p.level, tag: p.tag });
          break;
        }
      }
    }
  });
}

// ---- innocent contexts -----------------------------------------------------------------------

// Games: "lobide hepinizi öldürürüm", "mid'e gel seni kesicem" are banter (ADR 020, 036). Not sport:
// "maçtan sonra seni döverim" is about a real person.
const GAME = new RegExp(
  wordBounded(
    'lobi\\w*|lobby|round\\w*|ranked|oyun\\w*|game\\w*|ingame|valorant|cs2?|csgo|lol|fifa|pes|mafia|among us|impostor|1v1|headshot\\w*|ulti\\w*|boss|sniper\\w*|awp|paintball|laser tag|satranc\\w*|chess|tabu\\w*|okey\\w*|tavla\\w*|codenames|catan|minecraft|bedwars|skywars|creeper\\w*|survival|(?:elmas|demir) kazma\\w*|saklambac\\w*|turnuva\\w*|smash bros|in smash|ping\\w*|fps|elo\\w*|mmr|spawn|mid|gg|frag\\w*|ivi|saka(?! (?:degil|falan degil|yapmiyorum))|haha\\w*|jk|just kidding',
  ),
);
// Sport, where "seni ezeceğim" is how a match is won (but not "seni döverim", which stays a threat).
const SPORT = new RegExp(
  wordBounded(
    'mac\\w*|sahada|saha\\w*|hali saha\\w*|gol\\w*|skor\\w*|set\\w*|futbol\\w*|basket\\w*|voleybol\\w*|tenis\\w*|kort\\w*|final\\w*|yari final\\w*|ceyrek final\\w*|bracket|duello\\w*|yarisma\\w*|karaoke\\w*|kaleci\\w*|rovans\\w*|match|rematch|court|pitch|tournament',
  ),
);
// A warning against paying or sharing ("kimseye para göndermeyin", "kimse kimseye göndermesin", "kapora
// isteyen olursa…", "DM'den para isterse bildirin", "önceden yatırmanıza gerek yok"), a message
// received that asked for it ("kart bilgisi isteyen bir mesaj aldım"), or the question whether one
// must ("ücret yok değil mi?", "önceden göndermem gerekmiyor değil mi", "Squad bunu istemez değil
// mi?"), without a link or an account number of its own to pay into.
const WARNS = new RegExp(
  wordBounded(
    '(?:gonder|yatir|ode|ver|paylas|at)m[ae]yin\\w*|(?:gonder|yatir|ode|ver|paylas)m[ae]yiz|kimse (?:\\w+ ){0,3}(?:gonder|yatir|ode|ver|paylas)m[ae]sin|sakin (?:\\w+ ){0,3}(?:gonder|yatir|ode|ver|paylas)\\w*|\\w+ isteyen olursa|\\w+ istemesin|' +
      '\\w+ isterse (?:\\w+ )?(?:bildir|sikayet|rapor|report|engelle|haber ver)\\w*|(?:isteyen|soran) (?:bir )?(?:\\w+ ){0,3}(?:mesaj|sms|mail|e posta|dm|arama)\\w* (?:aldim|aldik|geldi)|\\w+ (?:istemez|istemiyo\\w*) (?:degil mi|di mi|dimi)|(?:yatirmaniza|odemenize|gondermenize|vermenize) gerek yok|(?:don t|never|do not) (?:send|pay|share)|istendigini (?:duydum|gordum)|istedi de' +
      '|(?:(?:ucret|para|kapora|odeme)\\w* (?:yok|alinmiyo\\w*|istenmiyo\\w*)|ucretsiz) (?:degil mi|di mi|dimi)(?! diye| diyen)' +
      '|(?:gonder|yatir|ode|at|ver)m[ae]m(?:iz)? (?:gerek(?:miyo\\w*|mez\\w*|i yok|iyo\\w* mu\\w*)|lazim mi)',
  ),
);
// The writer speaks about themselves ("ben tam bir salağım", "kendimi ezik hissediyorum", "I'm an
// idiot") and to nobody else.
const FIRST_PERSON =
  /\b(?:ben|benim|bende|kendim\w*|i|im|myself|me|my)\b|\b(?:salak|aptal|mal|ezik|gerizekali|geri zekali|dangalak) gibi (?:\w+ ){0,4}\w+(?:yorum|dim|dum|tim|tum)\b|\b(?:salag|aptal|ezig|beceriksiz|sakar|kilolu|tombul|kotu|noob)\w*(?:im|um|yim|yum)\b/;
const SECOND_PERSON =
  /\b(?:sen|sana|seni|senin|siz|size|sizi|sizin|you|u|ur|your|youre|host\w*|organizator\w*|\w+s[iu]n|\w+s[iu]niz)\b/;
// A woman asking whether other women come, or saying she comes alone.
const SHE_ASKS =
  /\b(?:ben de kiz\w*|ben kiz\w*|kiz olarak|kadin olarak|ben de kadin\w*|kadinim|bir kadinim|ben bir kadinim|i m a (?:girl|woman)|im a (?:girl|woman)|as a (?:girl|woman)|i m a female|(?:i m|im|i am) the only (?:girl|woman|female)|the only (?:girl|woman) in)\b/;
// Family: "kız kardeşim 16 yaşında", "yeğenim 12 yaşında".
const FAMILY = /\b(?:kardes\w*|kuzen\w*|yegen\w*|kizim|oglum|cocug\w*|annem|babam)\b/;

// Role-play talk, where "ooc" is "out of character", not a stretched "oç".
const ROLE_PLAY = /\b(?:rp|roleplay|role play|karakter\w*|sahne\w*)\b/;

// Someone else pointed at: "bu adam", "şu kız", "o host", "onlar".
const POINTED = /\b(?:bu|su|o|onlar\w*|bunlar\w*|sunlar\w*|this|that|they|them|he|she|his|her)\b/;

function innocentContext(a: Analysis, hits: Hit[], kind: TextKind): Hit[] {
  const w = a.wordText;
  const game = GAME.test(w);
  const sport = SPORT.test(w);
  // A bio speaks of its owner: "Valorant'ta immortal olmaya çalışan bi ezik" needs no "ben".
  const bioSelf = kind === 'bio' && !POINTED.test(w);
  const selfTalk = (FIRST_PERSON.test(w) || bioSelf) && !SECOND_PERSON.test(w);
  const sheAsks = SHE_ASKS.test(w);
  const family = FAMILY.test(w);
  const rolePlay = ROLE_PLAY.test(w);
  return hits.filter((h) => {
    if (h.word === 'ooc' && rolePlay) return false;
    if (h.tag === 'violence' && game) return false;
    if (h.tag === 'compete' && (game || sport)) return false;
    if (h.tag === 'insult' && selfTalk) return false;
    if ((h.tag === 'meet' || h.tag === 'alone') && sheAsks) return false;
    // "Aşkım Kotlin, flörtüm Rust": a bio naming its owner's loves, not calling anyone "aşkım".
    if (h.tag === 'endear' && kind === 'bio' && selfTalk) return false;
    if (h.code === 'minors' && family && !hits.some((o) => o.tag === 'secret' || o.code === 'sexual'))
      return false;
    return true;
  });
}

// ---- the engine ------------------------------------------------------------------------------

// Every signal the rules find in a text (with the sender's history), before the per-kind policy.
export function ruleHits(text: string, context: CheckContext): { hits: Hit[]; facts: RuleFacts } {
  const raw = cleanText(text.slice(0, MAX_CHECKED_CHARS));
  const a = analyse(raw, isListedWord);
  let hits: Hit[] = [];
  const kind = context.kind ?? 'join_message';
  abuseHits(a, hits, kind);
  hits = innocentContext(a, hits, kind);
  const spam = spamHits(a, raw, hits);
  if (WARNS.test(a.wordText) && spam.links.length === 0 && !hits.some((h) => h.code === 'wallet')) {
    hits = hits.filter((h) => h.code !== 'scam' && h.code !== 'phishing');
  }
  if (isShouting(raw)) hits.push({ code: 'shouting', level: 'review' });
  if (isGibberish(a)) hits.push({ code: 'gibberish', level: 'review' });
  contextHits(text.slice(0, MAX_CHECKED_CHARS), context, hits);
  return { hits, facts: { ...spam, analysis: a } };
}

// The rules alone, with the per-kind policy; the default checker adds the model (moderation.engine.ts).
export function checkWithRules(text: string, context: CheckContext): CheckResult {
  if (text.trim() === '') return { verdict: 'ok', reasons: [], engine: 'rules', categories: [] };
  const { hits, facts } = ruleHits(text, context);
  return { ...decide(hits, context.kind ?? 'join_message', facts), engine: 'rules' };
}

export function createRulesOnlyChecker(): MessageChecker {
  return { check: async (text, context) => checkWithRules(text, context) };
}
