import type { Locale } from '#server/lib/i18n.ts';

// The signed-in user as requests see it: identity only, so it can be cached between requests.
export type Viewer = {
  id: string;
  sub: string;
  role: 'user' | 'admin';
  locale: Locale;
};
