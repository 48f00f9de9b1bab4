import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

export type NavItem = { to: string; label: MessageKey; icon: string };

// Side menu: Physical Events, Online Events, Profile, My Events, Tokens.
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard/physical', label: 'nav.physical', icon: '📍' },
  { to: '/dashboard/online', label: 'nav.online', icon: '🎮' },
  { to: '/dashboard/profile', label: 'nav.profile', icon: '👤' },
  { to: '/dashboard/my-events', label: 'nav.myEvents', icon: '📅' },
  { to: '/dashboard/tokens', label: 'nav.tokens', icon: '🪙' },
];

// Moderators and admins also get the moderation console.
export const STAFF_NAV_ITEMS: readonly NavItem[] = [{ to: '/admin', label: 'nav.moderation', icon: '🛡️' }];
