// Turkish-aware text folding: the one rule behind search, place look-ups and the content check. SQL's
// search_norm() (migration 0000) does the same in the database, so a word folded here matches a
// column folded there.

// Lower case where both capital I's become i: "ISTANBUL" typed on an ASCII keyboard and "İstanbul"
// read the same. The other Turkish letters (ı ş ç ğ ö ü) stay, for rules that must tell them apart.
export function lowerTurkish(text: string): string {
  return text.replace(/[Iİ]/g, 'i').toLowerCase();
}

// Every letter to its ASCII base, case kept: ı → i, ş → s, ç → c, ğ → g, ö → o, ü → u, â → a, é → e …
// ASCII text is returned as is; other letters go through a table, then Unicode decomposition (cached).
const FOLDED: Record<string, string> = {
  ı: 'i',
  ş: 's',
  ç: 'c',
  ğ: 'g',
  ö: 'o',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};
const NON_ASCII = /[\u0080-\uffff]/;
let cachedFolds = 0;
const foldChar = (ch: string) => {
  let f = FOLDED[ch];
  if (f === undefined) {
    f = ch.normalize('NFD').replace(/\p{M}+/gu, '');
    if (cachedFolds++ < 4096) FOLDED[ch] = f;
  }
  return f;
};
export function foldLetters(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i) < 128 ? text[i] : foldChar(text[i]);
  return out;
}

// Lower case and folded: "KADIKÖY", "Kadıköy" and "kadikoy" all become "kadikoy" (= search_norm).
export const foldTurkish = (text: string): string => foldLetters(lowerTurkish(text));
