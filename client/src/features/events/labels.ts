import type { Locale } from '#client/lib/i18n/format.ts';

// Category names are the server's (Turkish); the English interface shows the spec's English labels
// (Board Games, Social, Study, ...). Unknown names show as they are.
const CATEGORY_EN: Record<string, string> = {
  Spor: 'Sports',
  'Kutu Oyunları & Klasikler': 'Board Games',
  'Sosyal & Hobi': 'Social',
  'Eğitim & Gelişim': 'Study',
  'Sanat & Eğlence': 'Arts & Fun',
  'Yeme & İçme': 'Food & Drink',
  'Popüler Oyunlar': 'Popular Games',
  'Oyun Modu': 'Game Mode',
  'Diğer Aktiviteler': 'Other Activities',
};

export function categoryLabel(name: string, locale: Locale): string {
  if (!name) return '—';
  return locale === 'en' ? (CATEGORY_EN[name] ?? name) : name;
}
