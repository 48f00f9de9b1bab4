// Text views for the rules engine: Turkish-aware lower-casing and folding, leetspeak, separators and
// spaced-out letters, masked vowels. Pure functions; everything is compiled once at import.

// The shared Turkish folding (server/lib/turkish-text.ts): `lower` keeps ı ş ç … so rules that need
// them ("şık" is not "sik") can tell them apart; `fold` takes every letter to its ASCII base.
import { foldLetters as fold, lowerTurkish as lower } from '#server/lib/turkish-text.ts';

export { fold, lower };

// Digits and symbols that stand for letters. Applied only inside a word that has a real letter, so
// "19.30", "0532 …" and "5 kişi" stay numbers while "s1kt1r", "@mk", "0r0spu" and "$ik" become words.
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '€': 'e',
};
const LEET_CHARS = /[0134579@$!€]/g;
const HAS_LETTER = /\p{L}/u;
const LETTERS = /^\p{L}+$/u;
// The common case, without Unicode property lookups: a word, perhaps followed by punctuation that the
// general path would strip anyway. Anything else takes the general path.
const PLAIN_WORD = /^([a-zçğıöşüâîû]+)[.,;:!?)"”’…]*$/;
const deLeet = (part: string) => (HAS_LETTER.test(part) ? part.replace(LEET_CHARS, (c) => LEET[c]) : part);

// A word: letters, digits and the leet symbols. Everything else separates.
const PART = /[\p{L}\p{N}@$!€]+/gu;
const EDGE_PUNCT = /^[^\p{L}\p{N}@$]+|[^\p{L}\p{N}]+$/gu;
const MASK = /\p{L}\*+\p{L}|\p{L}\*+$/u;
const VOWELS = ['i', 'u', 'a', 'e', 'o', 'ı'];

export type Candidate = {
  // Lower-case with Turkish letters (the 'tr' view) and folded to ASCII (the 'fold' view).
  tr: string;
  fold: string;
  // The words (indexes into Analysis.words) this candidate covers.
  first: number;
  last: number;
  // Two neighbouring words glued together ("sik tir", "or ospu"): only severe entries count for these.
  pair?: boolean;
};

export type Analysis = {
  // The text lower-cased, folded, punctuation and digits kept: for links, e-mails, phones, IBANs.
  flat: string;
  // Words (letters/digits, de-leeted, folded) in order; wordText joins them with single spaces.
  words: string[];
  wordsTr: string[];
  wordText: string;
  wordStarts: number[];
  // Everything the word lists are matched against: each word, each whitespace-delimited chunk with
  // its inner punctuation removed ("s.i.k" → "sik"), runs of single letters ("a m k" → "amk").
  candidates: Candidate[];
};

export type Lookup = (candidate: string) => boolean;

// Two neighbouring words are glued when one is short; two single letters are already joined as a run.
const isPair = (a: string, b: string) => Math.min(a.length, b.length) <= 3 && a.length + b.length > 2;

// `isWord` lets a masked word ("f*ck", "s*kt*r") take the vowel that makes it a listed word.
export function analyse(text: string, isWord: Lookup = () => false): Analysis {
  const low = lower(text);
  const words: string[] = [];
  const wordsTr: string[] = [];
  const candidates: Candidate[] = [];
  const singles: { tr: string; index: number }[] = [];
  const flushSingles = () => {
    if (singles.length >= 2) {
      const tr = deLeet(singles.map((s) => s.tr).join(''));
      candidates.push({ tr, fold: fold(tr), first: singles[0].index, last: singles.at(-1)!.index });
    }
    if (singles.length) singles.length = 0;
  };
  let prevLetters = false;

  for (const rawChunk of low.split(/\s+/)) {
    // Most chunks are a plain word, perhaps with a comma or a full stop: nothing else to look at.
    const plain = PLAIN_WORD.exec(rawChunk);
    if (plain) {
      const word = plain[1];
      const index = words.length;
      const folded = fold(word);
      // Folding works letter by letter, so a glued pair folds to its folded words glued.
      if (prevLetters && isPair(wordsTr[index - 1], word)) {
        const glued = wordsTr[index - 1] + word;
        candidates.push({
          tr: glued,
          fold: words[index - 1] + folded,
          first: index - 1,
          last: index,
          pair: true,
        });
      }
      wordsTr.push(word);
      words.push(folded);
      candidates.push({ tr: word, fold: folded, first: index, last: index });
      prevLetters = true;
      if (word.length === 1) singles.push({ tr: word, index });
      else flushSingles();
      continue;
    }
    let chunk = rawChunk.replace(EDGE_PUNCT, '');
    if (!chunk) continue;
    if (MASK.test(chunk)) {
      const variants = VOWELS.map((v) => chunk.replace(/\*+/g, v));
      chunk = variants.find((v) => isWord(fold(deLeet(v.replace(/[^\p{L}\p{N}@$!€]+/gu, ''))))) ?? chunk;
    }
    const parts = chunk.match(PART);
    if (!parts) continue;
    const first = words.length;
    for (const part of parts) {
      const tr = deLeet(part);
      const index = words.length;
      const letters = LETTERS.test(tr);
      if (prevLetters && letters && isPair(wordsTr[index - 1], tr)) {
        const glued = wordsTr[index - 1] + tr;
        candidates.push({
          tr: glued,
          fold: words[index - 1] + fold(tr),
          first: index - 1,
          last: index,
          pair: true,
        });
      }
      prevLetters = letters;
      wordsTr.push(tr);
      words.push(fold(tr));
      candidates.push({ tr, fold: words[index], first: index, last: index });
      // "a m k", "s i k t i r", "0 ç": single letters (or leet digits next to letters) in a row.
      if (part.length === 1 && (HAS_LETTER.test(part) || singles.length > 0 || LEET[part])) {
        singles.push({ tr: part, index });
      } else {
        flushSingles();
      }
    }
    if (parts.length > 1) {
      const tr = deLeet(parts.join(''));
      candidates.push({ tr, fold: fold(tr), first, last: words.length - 1 });
    }
  }
  flushSingles();

  const wordStarts: number[] = [];
  let offset = 0;
  for (const w of words) {
    wordStarts.push(offset);
    offset += w.length + 1;
  }
  return { flat: fold(low), words, wordsTr, wordText: words.join(' '), wordStarts, candidates };
}

// Every match of a global expression, like String.prototype.matchAll without its copy of the
// expression: matchAll makes a new RegExp per call, and a copy of one of the check's large alternations
// starts without its compiled code (about half of a message's check went there; ADR 073, round 13).
// The expression's lastIndex is its own between calls; nothing else may use it meanwhile.
export function execAll(re: RegExp, text: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    found.push(m);
    if (m[0] === '') re.lastIndex++;
  }
  re.lastIndex = 0;
  return found;
}

// Word indexes touched by the character range [start, end) of wordText.
export function wordsInRange(analysis: Analysis, start: number, end: number): number[] {
  const out: number[] = [];
  analysis.wordStarts.forEach((s, i) => {
    const e = s + analysis.words[i].length;
    if (s < end && e > start) out.push(i);
  });
  return out;
}

// Compiles a word-list pattern so that every letter may be repeated ("siiiiktir", "yaaarrrak"): a run
// of n equal letters in the pattern matches n or more. Escapes and [classes] are left alone.
export function expandRuns(source: string): string {
  let out = '';
  let i = 0;
  let inClass = false;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      out += source.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (inClass) {
      out += c;
      if (c === ']') inClass = false;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i++;
      continue;
    }
    if (/\p{Ll}/u.test(c)) {
      let j = i;
      while (source[j] === c) j++;
      const n = j - i;
      const q = n === 1 ? `${c}+` : `${c}{${n},}`;
      const next = source[j];
      out += next === '?' || next === '*' || next === '+' || next === '{' ? `(?:${q})` : q;
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
