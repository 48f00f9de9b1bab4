import type { ConversationKind } from '#client/__generated__/graphql.ts';

type MessageLike = {
  body: string;
  removed: boolean;
  held: boolean;
  sender: { id: string; displayName: string };
};

// How one message shows in the thread: removed (grey placeholder), held and the viewer's own (sent,
// with the note that others see a warning first), held for the viewer (the warning card with
// 'Yine de göster'), held but revealed by the viewer (the server then sends its text: a message is
// never empty otherwise), or its text.
export type MessageDisplay = 'removed' | 'heldOwn' | 'heldWarning' | 'heldRevealed' | 'text';

export function messageDisplay(message: MessageLike, viewerId: string): MessageDisplay {
  if (message.removed) return 'removed';
  if (message.held) {
    if (message.sender.id === viewerId) return 'heldOwn';
    return message.body ? 'heldRevealed' : 'heldWarning';
  }
  return 'text';
}

// What an inbox row says under the title: nothing yet, 'Mesaj kaldırıldı', the held note (others only
// see that something waits behind a warning), or the text, prefixed with 'Sen:' for the viewer's own
// and with the sender's name in group chats.
export type Preview =
  | { kind: 'none' }
  | { kind: 'removed'; author: Author }
  | { kind: 'held'; author: Author }
  | { kind: 'text'; author: Author; text: string };

export type Author = { self: true } | { self: false; name: string } | null;

const PREVIEW_LENGTH = 80;

export function previewOf(
  message: MessageLike | null,
  viewerId: string,
  conversationKind: ConversationKind,
): Preview {
  if (!message) return { kind: 'none' };
  const self = message.sender.id === viewerId;
  const author: Author = self
    ? { self: true }
    : conversationKind === 'EVENT_GROUP'
      ? { self: false, name: message.sender.displayName }
      : null;
  if (message.removed) return { kind: 'removed', author };
  if (message.held && !self && !message.body) return { kind: 'held', author };
  const oneLine = message.body.replace(/\s+/g, ' ').trim();
  const text = oneLine.length > PREVIEW_LENGTH ? `${oneLine.slice(0, PREVIEW_LENGTH - 1)}…` : oneLine;
  return { kind: 'text', author, text };
}

type Member = {
  user: { id: string; displayName: string; avatarUrl: string | null };
  lastReadAt: string | null;
};

// Who has seen a message: the other members whose read mark is at or after it, together with those
// the server listed (readBy); the viewer never counts. Members' marks arrive live with chatUpdated, so
// receipts appear without reading the messages again.
export function readersOf<U extends { id: string }>(
  message: { createdAt: string; readBy: readonly U[] },
  members: readonly (Member & { user: U })[],
  viewerId: string,
): U[] {
  const sent = new Date(message.createdAt).getTime();
  const readers = new Map<string, U>();
  for (const user of message.readBy) if (user.id !== viewerId) readers.set(user.id, user);
  for (const member of members) {
    if (member.user.id === viewerId || !member.lastReadAt) continue;
    if (new Date(member.lastReadAt).getTime() >= sent) readers.set(member.user.id, member.user);
  }
  return [...readers.values()];
}

// The viewer's newest message that nobody removed: where 'Görüldü' goes (messages newest first).
export function lastOwnMessageId(
  messagesNewestFirst: readonly { id: string; removed: boolean; sender: { id: string } }[],
  viewerId: string,
): string | null {
  return messagesNewestFirst.find((m) => m.sender.id === viewerId && !m.removed)?.id ?? null;
}
