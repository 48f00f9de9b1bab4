// Turkish-aware text folding and fuzzy matching for place names. Pure functions, shared by the
// gazetteer build script and the geocoder.

import { foldLetters, lowerTurkish } from '#server/lib/turkish-text.ts';

// A place name as a key: the shared Turkish folding (KADIKÖY, Kadıköy, kadikoy → kadikoy), with a
// suffix after an apostrophe ("Kadıköy'de") dropped and anything not a letter or digit separating words.
export function fold(text: string): string {
  return foldLetters(lowerTurkish(text).replace(/['’‘`´][a-zçğıöşüâîû]*/g, ''))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// The folded text without spaces, so "19 mayis", "19mayis" and "ondokuz mayis" style typing compare.
export const compact = (folded: string) => folded.replace(/ /g, '');

// Character trigrams of a compacted name, with a leading boundary marker so prefixes weigh more.
export function trigrams(compacted: string): string[] {
  const padded = ` ${compacted} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

// Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping early once
// every alignment costs more than `max`; returns max + 1 then. Three reused rows, no allocation.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (b.length + 1 > rows[0].length) rows = rows.map(() => new Int32Array(b.length + 1));
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[b.length], max + 1);
}

// How many typing errors a query of this length may contain and still match.
export const allowedTypos = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);
