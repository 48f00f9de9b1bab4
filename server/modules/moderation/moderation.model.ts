import { cleanText, squeezeRepeats } from './moderation.normalize.ts';
import { stemOf } from './moderation.stem.ts';
import { analyse, lower } from './moderation.text.ts';
import { MAX_CHECKED_CHARS } from './moderation.thresholds.ts';
import { CATEGORIES, type Category } from './moderation.types.ts';

// The statistical layer (ADR 036, 073): a multinomial logistic regression over hashed character
// n-grams (2–5) of the normalised text, its words, their Turkish stems, word pairs and emoji.
// Trained by `npm run moderation:train` (moderation.train.ts) into moderation.model.json.

export const MODEL_CLASSES = ['ok', ...CATEGORIES] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export type ModelFile = {
  version: 1;
  about: string;
  buckets: number;
  classes: ModelClass[];
  bias: number[];
  // Weights quantised to int8 per class (weight = q * scale[class]), bucket-major, base64.
  scale: number[];
  weights: string;
  // The model flags a text when P(ok) falls below `okBelow`, with the most likely other class.
  okBelow: number;
  trainedOn: { rows: number; augmented: number; sha256: string };
};

export type Model = {
  buckets: number;
  classes: readonly ModelClass[];
  bias: Float64Array;
  weights: Float32Array;
  okBelow: number;
};

const URLISH =
  /https?:\/\/\S+|www\.\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|io|gg|me|xyz|tr|co|ly|shop|top|online|site)\b\S*/g;
const EMAILISH = /\S+@\S+\.\S+/g;
const LONG_NUMBER = /\d(?:[\s.-]?\d){6,}/g;
const EMOJI = /\p{Extended_Pictographic}/gu;

// The text as the model reads it: cleaned, lower-cased, links, e-mails and long numbers as tokens,
// words de-leeted, folded and squeezed ("siiiiktir" → "siktir").
export function modelTokens(text: string): {
  words: string[];
  stems: string[];
  emoji: string[];
  question: boolean;
} {
  const raw = cleanText(text.slice(0, MAX_CHECKED_CHARS));
  const low = lower(raw)
    .replace(URLISH, ' xurl ')
    .replace(EMAILISH, ' xmail ')
    .replace(LONG_NUMBER, ' xnum ');
  const analysis = analyse(low);
  const words = analysis.words.map(squeezeRepeats);
  const stems = analysis.wordsTr.map((w) => stemOf(squeezeRepeats(w)));
  return { words, stems, emoji: [...new Set(raw.match(EMOJI) ?? [])], question: raw.includes('?') };
}

// FNV-1a, 32 bits: the same bucket on every machine.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const step = (h: number, code: number) => Math.imul(h ^ code, FNV_PRIME);
function hash(s: string, h = FNV_OFFSET): number {
  for (let i = 0; i < s.length; i++) h = step(h, s.charCodeAt(i));
  return h >>> 0;
}
const C_PREFIX = step(FNV_OFFSET, 'c'.charCodeAt(0));
const WHITE = /\s/;
const isWhite = (code: number) =>
  code === 32 || ((code < 33 || code > 127) && WHITE.test(String.fromCharCode(code)));

// The distinct buckets a text falls into; each has the value 1/√n, so every text has length 1.
// The features are named `c<gram>`, `w<word>`, `b<word> <word>`, `s<stem>`, `e<emoji>`, `q?` and
// `n<size>`; a name's bucket is its FNV-1a hash. The character grams (most of a text's features) are
// hashed where they stand, without a string each: the check's model part took a fifth of its time
// building them (ADR 073, round 13); a unit test compares with the names spelt out.
export function features(
  text: string,
  buckets: number,
): { index: Uint32Array; value: number; words: string[] } {
  const { words, stems, emoji, question } = modelTokens(text);
  const mask = buckets - 1;
  const found: number[] = [];
  const line = ` ${words.join(' ')} `;
  for (let i = 0; i + 2 <= line.length; i++) {
    let h = C_PREFIX;
    let blank = true;
    for (let n = 1; n <= 5 && i + n <= line.length; n++) {
      const code = line.charCodeAt(i + n - 1);
      h = step(h, code);
      blank &&= isWhite(code);
      if (n >= 2 && !blank) found.push((h >>> 0) & mask);
    }
  }
  const named = (name: string) => found.push(hash(name) & mask);
  words.forEach((w, i) => {
    named(`w${w}`);
    if (i > 0) named(`b${words[i - 1]} ${w}`);
  });
  // Roots: "fotoğraflarını" also counts as "fotograf", "göçmenler" as "gocmen".
  // Pairs of stems and stems equal to their word added nothing on dev or test (ADR 073).
  stems.forEach((s, i) => {
    if (s !== words[i]) named(`s${s}`);
  });
  for (const e of emoji) named(`e${e}`);
  if (question) named('q?');
  named(`n${Math.min(6, Math.ceil(Math.log2(words.length + 1)))}`);
  const sorted = Uint32Array.from(found).sort();
  let size = 0;
  for (let k = 0; k < sorted.length; k++)
    if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[size++] = sorted[k];
  const index = sorted.slice(0, size);
  return { index, value: index.length ? 1 / Math.sqrt(index.length) : 0, words };
}

export function probabilities(model: Model, text: string): Float64Array {
  const { index, value } = features(text, model.buckets);
  return scored(model, index, value);
}

function scored(model: Model, index: Uint32Array, value: number): Float64Array {
  const { classes, bias, weights } = model;
  const c = classes.length;
  const z = Float64Array.from(bias);
  for (const i of index) {
    const row = i * c;
    for (let k = 0; k < c; k++) z[k] += weights[row + k] * value;
  }
  return softmax(z);
}

export function softmax(z: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of z) if (v > max) max = v;
  let sum = 0;
  const p = new Float64Array(z.length);
  for (let k = 0; k < z.length; k++) sum += p[k] = Math.exp(z[k] - max);
  for (let k = 0; k < z.length; k++) p[k] /= sum;
  return p;
}

// Where the model alone is asked to be twice as sure (ADR 073): a text of one or two words ("GG",
// "nbr millet"), whose few features lean on what short lines were in training (round 7); and a text
// about safety itself, which borrows the words of harm to report, quote or set rules ("… diyen varsa
// gelsin görsün", "hosta bildirdim", "homofobik yorum yapan çıkarılır"; round 9). The rules still
// read both in full.
const SHORT_WORDS = 2;
const SAFETY_TALK =
  /\b(?:bildir\w*|rapor\w*|report\w*|sikayet\w*|guvenli\w*|guvende|guvenlik\w*|sinirini|sinirlarini\w*|diyen\w*|yazan\w*|homofobik|nefret dili|tehdit degil)\b/;
export function cutOffFor(okBelow: number, words: string[]): number {
  if (words.length <= SHORT_WORDS || SAFETY_TALK.test(words.join(' '))) return okBelow / 2;
  return okBelow;
}

// What the model says about a text: the category it sees, or null when it sees nothing.
export function modelCategory(model: Model, text: string): { category: Category; p: number } | null {
  const { index, value, words } = features(text, model.buckets);
  return readProbabilities(scored(model, index, value), cutOffFor(model.okBelow, words));
}

// P(ok) below the cut-off: the most likely other class.
export function readProbabilities(
  p: Float64Array,
  okBelow: number,
): { category: Category; p: number } | null {
  if (p[0] >= okBelow) return null;
  let best = 1;
  for (let k = 2; k < p.length; k++) if (p[k] > p[best]) best = k;
  return { category: MODEL_CLASSES[best] as Category, p: p[best] };
}

export function decodeModel(file: ModelFile): Model {
  if (file.version !== 1 || file.classes.join() !== MODEL_CLASSES.join()) {
    throw new Error('moderation model: unknown version or classes; run npm run moderation:train');
  }
  const c = file.classes.length;
  const bytes = Buffer.from(file.weights, 'base64');
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  if (q.length !== file.buckets * c)
    throw new Error('moderation model: weights do not match buckets × classes');
  const weights = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) weights[i] = q[i] * file.scale[i % c];
  return {
    buckets: file.buckets,
    classes: file.classes,
    bias: Float64Array.from(file.bias),
    weights,
    okBelow: file.okBelow,
  };
}
