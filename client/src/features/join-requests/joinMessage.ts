import type { EventMode } from '#client/__generated__/graphql.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

// The join message (spec §5): optional, at most `max` characters (the server's
// eventCatalog.limits.joinMessageMax, 500), trimmed when sent. Lengths are UTF-16 units, as the
// textarea's maxLength and the server count them.

// From 90% of the limit on the counter warns.
const nearLimit = (max: number) => Math.floor(max * 0.9);

export type JoinMessageState = {
  length: number;
  remaining: number;
  nearLimit: boolean;
  tooLong: boolean;
  // Whether Send may be pressed: an empty message is fine, only one over the limit is not.
  sendable: boolean;
};

export function joinMessageState(text: string, max: number): JoinMessageState {
  const length = text.length;
  const tooLong = text.trim().length > max;
  return {
    length,
    remaining: max - length,
    nearLimit: length >= nearLimit(max),
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
export function withQuickMessage(current: string, quick: string, max: number): string {
  const base = current.trimEnd();
  if (!base.trim()) return quick;
  if (base.includes(quick)) return current;
  const next = `${base} ${quick}`;
  return next.length > max ? current : next;
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
