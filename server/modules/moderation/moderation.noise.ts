import type { Analysis } from './moderation.text.ts';
import { THRESHOLDS } from './moderation.thresholds.ts';

// Shouting (mostly capitals) and keyboard mashing: noise rather than a message (ADR 020).

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
export function isShouting(text: string): boolean {
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c >= 65 && c <= 90) upper++;
      else if (c >= 97 && c <= 122) lower++;
    } else if (UPPER.test(text[i])) upper++;
    else if (LOWER.test(text[i])) lower++;
  }
  const cased = upper + lower;
  return cased >= THRESHOLDS.shoutingMinLetters && upper / cased >= THRESHOLDS.shoutingUpperShare;
}

const ROWS = ['qwertyuıopğü', 'asdfghjklşi', 'zxcvbnmöç'];
const KEY = new Map<string, [number, number]>();
ROWS.forEach((row, r) => [...row].forEach((ch, c) => KEY.set(ch, [r, c])));
const VOWEL = new Set('aeiouy');
const LAUGH = new Set(['ha', 'he', 'hi', 'ah', 'eh', 'ja', 'je', 'xd', 'sj', 'js', 'ak', 'ka', 'lo', 'ol']);

// Keyboard mashing: long consonant runs, letters that sit next to each other on the keyboard, a short
// unit repeated ("asdasdasd", "kdkdkd"). Laughter ("hahaha", "sjsjsj") is not mashing.
function isMash(tr: string, folded: string): boolean {
  const n = folded.length;
  if (n < 5 || !/^[a-z]+$/.test(folded)) return false;
  for (let unit = 1; unit <= 4; unit++) {
    if (n % unit !== 0 || n < unit * 3) continue;
    let repeated = true;
    for (let i = unit; i < n && repeated; i++)
      repeated = folded.charCodeAt(i) === folded.charCodeAt(i - unit);
    if (repeated) return !LAUGH.has(folded.slice(0, 2)) || unit > 2;
  }
  // Stretched words ("siktirrrr", "hmmmm") are not mashing: each letter counts once per run.
  let run = 0;
  let maxRun = 0;
  let vowels = 0;
  let letters = 0;
  for (let i = 0; i < n; i++) {
    const ch = folded[i];
    if (i > 0 && ch === folded[i - 1]) continue;
    letters++;
    if (VOWEL.has(ch)) {
      vowels++;
      run = 0;
    } else if (++run > maxRun) maxRun = run;
  }
  if (maxRun >= 5) return true;
  if (letters >= 6 && vowels / letters <= 0.1) return true;
  if (tr.length < 6) return false;
  let adjacent = 0;
  for (let i = 1; i < tr.length; i++) {
    const p = KEY.get(tr[i - 1]);
    const q = KEY.get(tr[i]);
    if (p && q && p[0] === q[0] && Math.abs(p[1] - q[1]) === 1) adjacent++;
  }
  return adjacent / (tr.length - 1) >= 0.7;
}

export function isGibberish(a: Analysis): boolean {
  let letters = 0;
  let mash = 0;
  a.words.forEach((w, i) => {
    const n = w.replace(/[^a-z]/g, '').length;
    letters += n;
    if (isMash(a.wordsTr[i], w)) mash += n;
  });
  return mash >= THRESHOLDS.gibberishMinLetters && mash / letters >= THRESHOLDS.gibberishShare;
}
