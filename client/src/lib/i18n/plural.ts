import { intlLocale, type Locale } from '#client/lib/i18n/format.ts';

const rules = new Map<Locale, Intl.PluralRules>();

// The CLDR plural category of a count: Turkish and English both have 'one' and 'other' for cardinals
// (Turkish nouns after a number stay singular, so its two texts are usually the same).
export function pluralCategory(count: number, locale: Locale): 'one' | 'other' {
  let r = rules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(intlLocale(locale));
    rules.set(locale, r);
  }
  return r.select(count) === 'one' ? 'one' : 'other';
}
