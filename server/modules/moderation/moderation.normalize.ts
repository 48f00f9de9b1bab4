import { execAll } from './moderation.text.ts';
// The first layer of the content check (ADR 036): undo the tricks that make a text look different from
// what it says, before any word list, pattern or model looks at it. Pure functions.

// Letters from other scripts that look like Latin ones ("ѕiktir" with a Cyrillic ѕ, "οrοspu" with Greek
// ο), and the Cyrillic З that looks like a 3. Turkish ı and İ are not in the table.
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', з: '3', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't',
  у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', ɡ: 'g',
  А: 'A', В: 'B', Е: 'E', З: '3', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y',
  Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S',
  α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't',
  υ: 'u', χ: 'x', ω: 'w', Α: 'A', Β: 'B', Ε: 'E', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O',
  Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ζ: 'Z',
}; // prettier-ignore
const HOMOGLYPH_CHARS = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'g');
// Zero-width characters and the soft hyphen, typed inside words to break word lists.
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g;
// Combining marks left over after composition (strike-through, accents stacked on letters); Turkish
// letters are precomposed by NFKC, so they survive.
const STRAY_MARKS = /\p{M}+/gu;
const NON_ASCII = /[^\t\n\r\u0020-\u007e]/;

// Compatibility forms (fullwidth ｓｉｋ, ligatures, circled letters) to plain ones, invisible characters
// and stray marks out, look-alike letters to Latin ones. Case is kept.
export function cleanText(text: string): string {
  let out = text;
  if (NON_ASCII.test(out)) {
    out = out
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      .replace(STRAY_MARKS, '')
      .replace(HOMOGLYPH_CHARS, (c) => HOMOGLYPHS[c]);
  }
  return joinSpacedSingles(out);
}

// Characters typed one by one with spaces ("s i k t i r", "w w w . k a z a n . c o m", "0 5 3 2 …"):
// three or more in a row become one word; two spaces still separate words ("b a h i s  s i t e s i").
const SPACED = /(?<![^\s])(?:[\p{L}\p{N}.@] ){2,}[\p{L}\p{N}.@](?![^\s])/gu;
export const joinSpacedSingles = (text: string): string =>
  text.includes(' ') ? text.replace(SPACED, (run) => run.replace(/ /g, '')) : text;

// ---- numbers written out ---------------------------------------------------------------------

type NumberWord = { kind: 'unit' | 'tens' | 'teen' | 'hundred'; value: number };
const WORDS = new Map<string, NumberWord>();
const add = (kind: NumberWord['kind'], list: string, step = 1, start = 0) =>
  list.split(' ').forEach((w, i) => WORDS.set(w, { kind, value: start + i * step }));
// Turkish (folded) and English.
add('unit', 'sifir bir iki uc dort bes alti yedi sekiz dokuz');
add('unit', 'zero one two three four five six seven eight nine');
add('tens', 'on yirmi otuz kirk elli altmis yetmis seksen doksan', 10, 10);
add('tens', 'ten twenty thirty forty fifty sixty seventy eighty ninety', 10, 10);
add('teen', 'eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen', 1, 11);
WORDS.set('oh', { kind: 'unit', value: 0 });
WORDS.set('yuz', { kind: 'hundred', value: 100 });
WORDS.set('hundred', { kind: 'hundred', value: 100 });

const WORD_LIST = [...WORDS.keys()].sort((a, b) => b.length - a.length).join('|');
// A number word glued to a digit ("05three2", "1two3") and a letter o next to digits ("o5 32").
const GLUED = new RegExp(`(?<=\\d)(${WORD_LIST})|(${WORD_LIST})(?=\\d)`, 'g');
const LETTER_O = /(?<![a-z])o(?=\d)|(?<=\d)o(?=\d)/g;
const TOKEN = /[a-z]+|\d+/g;
const SEPARATOR = /^[\s,.\-()/:;]*$/;

// Reads a run of number words and digit groups as the digits someone would dial: "beş yüz otuz iki,
// yüz yirmi üç" → "532123". Groups follow the spoken grammar (unit, hundred, tens, unit).
function digitsOf(tokens: string[]): string {
  let out = '';
  let current: { value: number; hundreds: boolean; tens: boolean } | null = null;
  const flush = () => {
    if (current) out += String(current.value);
    current = null;
  };
  for (const token of tokens) {
    const word = WORDS.get(token);
    if (!word) {
      flush();
      out += token;
      continue;
    }
    if (word.kind === 'hundred') {
      if (current && !current.hundreds && !current.tens && current.value < 10) {
        current = { value: current.value * 100, hundreds: true, tens: false };
      } else {
        flush();
        current = { value: 100, hundreds: true, tens: false };
      }
    } else if (word.kind === 'tens') {
      if (current && current.hundreds && !current.tens && current.value % 100 === 0) {
        current = { value: current.value + word.value, hundreds: true, tens: true };
      } else {
        flush();
        current = { value: word.value, hundreds: false, tens: true };
      }
    } else if (word.kind === 'teen') {
      if (current && current.hundreds && !current.tens && current.value % 100 === 0) {
        current.value += word.value;
      } else {
        flush();
        current = { value: word.value, hundreds: false, tens: true };
      }
      flush();
    } else if (current && (current.tens || current.hundreds) && current.value % 10 === 0) {
      current.value += word.value;
      flush();
    } else {
      flush();
      current = { value: word.value, hundreds: false, tens: false };
    }
  }
  flush();
  return out;
}

// The folded text with spelled-out phone numbers as digits, for the phone rule only. A run of number
// words and digits is replaced when it has a word and makes at least 7 digits ("beş kişiyiz" stays).
export function spellDigits(folded: string): string {
  if (!/[a-z]/.test(folded)) return folded;
  const text = /\d/.test(folded)
    ? folded
        .replace(GLUED, (m) => String(WORDS.get(m)!.value))
        .replace(LETTER_O, '0')
        .replace(GLUED, (m) => String(WORDS.get(m)!.value))
    : folded;
  const tokens = execAll(TOKEN, text);
  let out = '';
  let last = 0;
  let i = 0;
  while (i < tokens.length) {
    const isNumber = (t: RegExpExecArray | RegExpMatchArray) => /^\d/.test(t[0]) || WORDS.has(t[0]);
    if (!isNumber(tokens[i])) {
      i++;
      continue;
    }
    let j = i;
    while (
      j + 1 < tokens.length &&
      isNumber(tokens[j + 1]) &&
      SEPARATOR.test(text.slice(tokens[j].index + tokens[j][0].length, tokens[j + 1].index))
    ) {
      j++;
    }
    const run = tokens.slice(i, j + 1).map((t) => t[0]);
    const digits = run.some((t) => WORDS.has(t)) ? digitsOf(run) : '';
    if (digits.length >= 7) {
      const end = tokens[j].index + tokens[j][0].length;
      out += `${text.slice(last, tokens[i].index)}${digits}`;
      last = end;
    }
    i = j + 1;
  }
  return out + text.slice(last);
}

// Letters repeated for emphasis ("siiiiktir", "yaaaaa") down to one; doubles stay ("yarrak", "assassin").
export const squeezeRepeats = (word: string): string => word.replace(/(\p{L})\1{2,}/gu, '$1');
