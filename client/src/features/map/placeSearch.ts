// Whether a geocoder answer is the place the user typed, not a guess: the dashboard's search box moves
// the map only then (ADR 040), so "halı saha" never flies to a village that looks like it.

// Turkish lower case, then without diacritics and separators: "Kızılay" and "KIZILAY" → "kizilay".
export function foldPlaceText(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’][a-z]*/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

// The place's name starts with the text's first part ("taksim" for Taksim Meydanı), or the first
// words of that part are the whole name ("moda kadikoy" for Moda; "halis aha" would be, "halı saha"
// for a place "Halis" is not).
export function namesPlace(text: string, placeName: string): boolean {
  const firstPart = text.split(/[,;/|]/)[0] ?? '';
  const first = foldPlaceText(firstPart);
  const name = foldPlaceText(placeName);
  if (first.length < 3 || name.length === 0) return false;
  if (name.startsWith(first)) return true;
  const words = firstPart.split(/\s+/).filter(Boolean);
  for (let k = 1; k < words.length; k++) if (foldPlaceText(words.slice(0, k).join('')) === name) return true;
  return false;
}
