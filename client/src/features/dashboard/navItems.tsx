import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

// badgeLabel: what a screen reader hears for the item's count badge.
export type NavItem = { to: string; label: MessageKey; icon: string; badgeLabel?: MessageKey };

// Side menu: Physical Events, Online Events, Inbox, Friends, Profile, My Events, Tokens.
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard/physical', label: 'nav.physical', icon: '📍' },
  { to: '/dashboard/online', label: 'nav.online', icon: '🎮' },
  { to: '/dashboard/inbox', label: 'nav.inbox', icon: '💬', badgeLabel: 'inbox.unreadCount' },
  { to: '/dashboard/friends', label: 'nav.friends', icon: '👥' },
  { to: '/dashboard/profile', label: 'nav.profile', icon: '👤' },
  { to: '/dashboard/my-events', label: 'nav.myEvents', icon: '📅', badgeLabel: 'nav.pendingRequests' },
  { to: '/dashboard/tokens', label: 'nav.tokens', icon: '🪙' },
];

// Moderators and admins also get the moderation console.
export const STAFF_NAV_ITEMS: readonly NavItem[] = [{ to: '/admin', label: 'nav.moderation', icon: '🛡️' }];
