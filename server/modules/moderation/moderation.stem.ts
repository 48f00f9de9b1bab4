import snowball from 'snowball-stemmers';
import { fold } from './moderation.text.ts';

// Turkish roots for the content check (ADR 073): Snowball's Turkish stemmer (snowball-stemmers)
// strips the inflectional suffixes, so "fotoğraflarını", "fotoğraflarınızı" and "fotoğrafın" meet at
// "fotograf", "göçmenler" at "gocmen". The stem is folded to ASCII like the rules' words.
// The stemmer is a transpiled Java port and slow (about 0.1–0.3 ms a word on this machine), so each
// word is stemmed once and remembered; people's vocabulary repeats, the cache is bounded.

const turkish = snowball.newStemmer('turkish');
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

// The folded stem of one lower-cased word (its Turkish letters kept, as `lower` gives them).
export function stemOf(word: string): string {
  let stem = cache.get(word);
  if (stem === undefined) {
    // Short words carry no suffix worth stripping; very long ones are not words.
    stem =
      word.length < 5 || word.length > 30 || !/^\p{Ll}+$/u.test(word) ? fold(word) : fold(turkish.stem(word));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, stem);
  }
  return stem;
}
