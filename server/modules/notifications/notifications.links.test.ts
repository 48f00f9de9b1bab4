import { describe, expect, it } from 'vitest';
import { linkOf } from './notifications.resolvers.ts';

describe('linkOf', () => {
  const event = 'e0a4b7c2-1f0b-4a8e-9d2c-111111111111';
  it('leads each notification to what it is about', () => {
    expect(linkOf({ type: 'join_request_received', eventId: event, data: {} })).toBe(
      `/dashboard/eventDetails/${event}?tab=requests`,
    );
    expect(linkOf({ type: 'join_request_accepted', eventId: event, data: {} })).toBe(
      `/dashboard/eventDetails/${event}`,
    );
    expect(linkOf({ type: 'message_received', eventId: event, data: { conversationId: 'c1' } })).toBe(
      '/dashboard/inbox/c1',
    );
    // An old message notification without a conversation still leads to its event.
    expect(linkOf({ type: 'message_received', eventId: event, data: {} })).toBe(
      `/dashboard/eventDetails/${event}`,
    );
    expect(linkOf({ type: 'friend_request_received', eventId: null, data: {} })).toBe(
      '/dashboard/friends?tab=requests',
    );
    expect(linkOf({ type: 'moderation_warning', eventId: null, data: {} })).toBe(
      '/dashboard/settings#standing',
    );
    expect(linkOf({ type: 'tokens_earned', eventId: null, data: {} })).toBe('/dashboard/tokens');
    expect(linkOf({ type: 'report_resolved', eventId: null, data: {} })).toBeNull();
  });
});
