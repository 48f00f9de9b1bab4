// Place names in Turkish alphabetical order (Ç after C, Ğ after G, I before İ, Ö after O, Ş after S,
// Ü after U), whatever the device's language: the names are Turkish.
const collator = new Intl.Collator('tr', { sensitivity: 'base' });

export function sortByTurkishName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator.compare(a.name, b.name));
}
