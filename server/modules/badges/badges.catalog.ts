import type { Locale } from '#server/lib/i18n.ts';

// The badges and their rules (ADR 033). Ids are stable (stored in user_badges and notifications);
// names and descriptions are translated where they leave the server. Migration 0011 inserts a row per
// id into `badges` for the foreign key; a new badge needs a migration that adds its row.

type Text = Record<Locale, string>;
export type BadgeDef = { id: string; icon: string; name: Text; description: Text };

// What the rules read about one user, all from stored rows (badges.repository.ts `factsOf`).
// "Took part" means hosted (not cancelled) or accepted as a participant.
export type BadgeFacts = {
  hosted: number;
  joined: number;
  // Took part in an event starting 23:00–04:59 / 05:00–08:59 in Turkey.
  night: boolean;
  early: boolean;
  // Modes of the events the user took part in.
  modes: number;
  // Monday of each week (Turkey) with an event the user took part in, ascending, YYYY-MM-DD.
  weeks: string[];
  hostRatings: number;
  hostAverage: number | null;
  feedbackGiven: number;
  hasPicture: boolean;
  hasUsername: boolean;
  hasBio: boolean;
  hasCity: boolean;
  interests: number;
};

export const FIVE_STAR = { minRatings: 5, minAverage: 4.8 };
export const STREAK_WEEKS = 4;

const BADGES: readonly (BadgeDef & { earned: (f: BadgeFacts) => boolean })[] = [
  {
    id: 'first-host',
    icon: '🎉',
    name: { tr: 'İlk Etkinlik', en: 'First Event' },
    description: { tr: 'İlk etkinliğini düzenledin.', en: 'Hosted your first event.' },
    earned: (f) => f.hosted >= 1,
  },
  {
    id: 'host-5',
    icon: '📣',
    name: { tr: 'Organizatör', en: 'Organiser' },
    description: { tr: '5 etkinlik düzenledin.', en: 'Hosted 5 events.' },
    earned: (f) => f.hosted >= 5,
  },
  {
    id: 'first-join',
    icon: '🤝',
    name: { tr: 'Aramıza Hoş Geldin', en: 'Welcome Aboard' },
    description: { tr: 'İlk kez bir etkinliğe kabul edildin.', en: 'Accepted into your first event.' },
    earned: (f) => f.joined >= 1,
  },
  {
    id: 'joined-10',
    icon: '🔥',
    name: { tr: 'Müdavim', en: 'Regular' },
    description: { tr: '10 etkinliğe katıldın.', en: 'Joined 10 events.' },
    earned: (f) => f.joined >= 10,
  },
  {
    id: 'five-star-host',
    icon: '⭐',
    name: { tr: 'Beş Yıldızlı Host', en: 'Five-Star Host' },
    description: {
      tr: 'Host olarak en az 5 puan aldın ve ortalaman 4,8 ya da üstünde.',
      en: 'At least 5 ratings as a host, averaging 4.8 or more.',
    },
    earned: (f) =>
      f.hostRatings >= FIVE_STAR.minRatings && (f.hostAverage ?? 0) >= FIVE_STAR.minAverage - 1e-9,
  },
  {
    id: 'night-owl',
    icon: '🦉',
    name: { tr: 'Gece Kuşu', en: 'Night Owl' },
    description: {
      tr: '23:00 ile 05:00 arasında başlayan bir etkinlikte yer aldın.',
      en: 'Took part in an event starting between 23:00 and 05:00.',
    },
    earned: (f) => f.night,
  },
  {
    id: 'early-bird',
    icon: '🐦',
    name: { tr: 'Erkenci', en: 'Early Bird' },
    description: {
      tr: '05:00 ile 09:00 arasında başlayan bir etkinlikte yer aldın.',
      en: 'Took part in an event starting between 05:00 and 09:00.',
    },
    earned: (f) => f.early,
  },
  {
    id: 'streak-4',
    icon: '⚡',
    name: { tr: 'Seri', en: 'On a Streak' },
    description: {
      tr: 'Dört hafta üst üste etkinliklerde yer aldın.',
      en: 'Took part in events four weeks in a row.',
    },
    earned: (f) => longestWeekRun(f.weeks) >= STREAK_WEEKS,
  },
  {
    id: 'both-worlds',
    icon: '🌍',
    name: { tr: 'İki Dünya', en: 'Both Worlds' },
    description: {
      tr: 'Hem online hem yüz yüze bir etkinlikte yer aldın.',
      en: 'Took part in both an online and an in-person event.',
    },
    earned: (f) => f.modes >= 2,
  },
  {
    id: 'helpful-rater',
    icon: '✍️',
    name: { tr: 'Yardımsever', en: 'Helpful Rater' },
    description: {
      tr: '5 değerlendirmeye yazılı yorum ekledin.',
      en: 'Added written feedback to 5 ratings.',
    },
    earned: (f) => f.feedbackGiven >= 5,
  },
  {
    id: 'profile-complete',
    icon: '🪪',
    name: { tr: 'Tanışalım', en: 'Nice to Meet You' },
    description: {
      tr: 'Fotoğraf, kullanıcı adı, biyografi, şehir ve en az 3 ilgi alanı ekledin.',
      en: 'Added a photo, username, bio, city and at least 3 interests.',
    },
    earned: (f) => f.hasPicture && f.hasUsername && f.hasBio && f.hasCity && f.interests >= 3,
  },
];

export const BADGE_IDS: readonly string[] = BADGES.map((b) => b.id);
const byId = new Map(BADGES.map((b) => [b.id, b]));

// A stored id the catalogue no longer has shows as itself.
export function badgeDef(id: string): BadgeDef {
  return byId.get(id) ?? { id, icon: '🏅', name: { tr: id, en: id }, description: { tr: '', en: '' } };
}

export const badgeCatalog = (): readonly BadgeDef[] => BADGES;

// The badges the facts earn.
export function earnedBadges(facts: BadgeFacts): string[] {
  return BADGES.filter((b) => b.earned(facts)).map((b) => b.id);
}

// The longest run of consecutive weeks in an ascending list of week starts (YYYY-MM-DD, Mondays).
export function longestWeekRun(weeks: readonly string[]): number {
  let best = 0;
  let run = 0;
  let previous: number | null = null;
  for (const week of weeks) {
    const day = Date.parse(`${week}T00:00:00Z`) / 86_400_000;
    run = previous !== null && Math.round(day - previous) === 7 ? run + 1 : 1;
    if (run > best) best = run;
    previous = day;
  }
  return best;
}
