import type { Translate } from '#client/lib/i18n/I18nProvider.tsx';
import type { Locale } from '#client/lib/i18n/format.ts';
import { pluralCategory } from '#client/lib/i18n/plural.ts';

// "Ayşe katılıyor", "Ayşe ve Mert katılıyor", "Ayşe ve 2 arkadaşın katılıyor": the viewer's friends at an
// event (Event.friendsGoing, host first), named by the first one. Null when none.
export function friendsGoingText(
  friends: readonly { displayName: string }[],
  t: Translate,
  locale: Locale,
): string | null {
  const [first, second] = friends;
  if (!first) return null;
  if (!second) return t('friendsGoing.one', { name: first.displayName });
  if (friends.length === 2)
    return t('friendsGoing.two', { name: first.displayName, other: second.displayName });
  const others = friends.length - 1;
  return t(`friendsGoing.more.${pluralCategory(others, locale)}`, {
    name: first.displayName,
    count: others,
  });
}
