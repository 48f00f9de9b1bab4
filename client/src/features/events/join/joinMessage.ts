import type { EventMode } from '#client/__generated__/graphql.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

// The join message (spec §5): optional, at most 500 characters, trimmed when sent. Lengths are UTF-16
// units, as the textarea's maxLength and the server count them.
export const JOIN_MESSAGE_MAX = 500;
// From here on the counter warns.
const NEAR_LIMIT = 450;

export type JoinMessageState = {
  length: number;
  remaining: number;
  nearLimit: boolean;
  tooLong: boolean;
  // Whether Send may be pressed: an empty message is fine, only one over the limit is not.
  sendable: boolean;
};

export function joinMessageState(text: string): JoinMessageState {
  const length = text.length;
  const tooLong = text.trim().length > JOIN_MESSAGE_MAX;
  return {
    length,
    remaining: JOIN_MESSAGE_MAX - length,
    nearLimit: length >= NEAR_LIMIT,
    tooLong,
    sendable: !tooLong,
  };
}

// What goes to the server: the trimmed text, or null for a blank one.
export function joinMessageToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

// A quick message fills an empty box, or is added after what the user wrote; never twice, and never
// past the limit (then the text stays as it was).
export function withQuickMessage(current: string, quick: string): string {
  const base = current.trimEnd();
  if (!base.trim()) return quick;
  if (base.includes(quick)) return current;
  const next = `${base} ${quick}`;
  return next.length > JOIN_MESSAGE_MAX ? current : next;
}

const QUICK: Record<EventMode, MessageKey[]> = {
  PHYSICAL: [
    'join.quick.physical.1',
    'join.quick.physical.2',
    'join.quick.physical.3',
    'join.quick.physical.4',
  ],
  ONLINE: ['join.quick.online.1', 'join.quick.online.2', 'join.quick.online.3', 'join.quick.online.4'],
};

// Friendly presets; game-flavoured ones for online events.
export function quickMessageKeys(mode: EventMode): readonly MessageKey[] {
  return QUICK[mode];
}
