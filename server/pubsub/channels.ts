// Typed channel map: a channel's name carries its scope, its type parameter the message shape.
export type Channel<T> = { readonly name: string; readonly __message?: T };

const channel = <T>(name: string): Channel<T> => ({ name });

export type TokenBalanceMessage = {
  userId: string;
  balance: number;
  entryId: string;
};

export type NotificationMessage = { userId: string; notificationId: string };

export type EventChangedMessage = { eventId: string; kind: 'updated' | 'participants' | 'cancelled' };

// A moderator suspended or restored an account: every instance drops what it cached of the user and
// ends their live connections (ADR 039). Sessions of a user ended (a sign-out, a revoked refresh token,
// a new password, a deleted account): every instance forgets its cached answers and closes the sockets
// of those sessions (ADR 067): `session` only that one, `except` all but that one, neither all.
export type AccountMessage =
  | { userId: string; sub: string; kind: 'suspended' | 'restored' | 'role' }
  | { sub: string; kind: 'sessionsEnded'; session: string | null; except: string | null };

// Something happened in one of the user's conversations: a new message, or a change (read receipts,
// a removal, a pin, a member in or out). ADR 042.
export type InboxMessage = {
  userId: string;
  conversationId: string;
  messageId: string | null;
  kind: 'message' | 'updated';
};

// A moderator decided an appeal or lifted a suspension: the user's open suspended page reads their
// standing again (ADR 057).
export type StandingMessage = { userId: string };

export const channels = {
  standing: (userId: string) => channel<StandingMessage>(`user:${userId}:standing`),
  inbox: (userId: string) => channel<InboxMessage>(`user:${userId}:inbox`),
  accounts: channel<AccountMessage>('accounts'),
  tokenBalance: (userId: string) => channel<TokenBalanceMessage>(`user:${userId}:tokens`),
  notifications: (userId: string) => channel<NotificationMessage>(`user:${userId}:notifications`),
  event: (eventId: string) => channel<EventChangedMessage>(`event:${eventId}`),
};
