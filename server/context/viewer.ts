import type { Locale } from '#server/lib/i18n.ts';

// The signed-in user as requests see it: identity only, so it can be cached between requests (and
// forgotten on every instance when a moderator suspends or restores the user, ADR 039).
export type Viewer = {
  id: string;
  sub: string;
  role: 'user' | 'moderator' | 'admin';
  locale: Locale;
  // A moderator's suspension; in force while `until` is null (for good) or later than now.
  suspension?: { until: Date | null; reason: string | null } | null;
};
