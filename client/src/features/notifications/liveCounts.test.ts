import { describe, expect, it } from 'vitest';
import {
  countsAfterDecision,
  countsAfterNotification,
  staleAfterNotification,
  toastKind,
} from './liveCounts.ts';

describe('countsAfterNotification', () => {
  const counts = { unread: 2, hostPending: 1 };

  it('a new join request raises the bell and the My Events badge', () => {
    expect(countsAfterNotification(counts, { type: 'JOIN_REQUEST_RECEIVED', readAt: null })).toEqual({
      unread: 3,
      hostPending: 2,
    });
  });

  it('a withdrawn request raises the bell and takes one off the My Events badge', () => {
    expect(countsAfterNotification(counts, { type: 'JOIN_REQUEST_WITHDRAWN', readAt: null })).toEqual({
      unread: 3,
      hostPending: 0,
    });
    expect(
      countsAfterNotification({ unread: 0, hostPending: 0 }, { type: 'JOIN_REQUEST_WITHDRAWN', readAt: null })
        .hostPending,
    ).toBe(0);
  });

  it('other notifications raise only the bell', () => {
    for (const type of ['JOIN_REQUEST_ACCEPTED', 'JOIN_REQUEST_DECLINED', 'MESSAGE_RECEIVED'] as const) {
      expect(countsAfterNotification(counts, { type, readAt: null })).toEqual({ unread: 3, hostPending: 1 });
    }
  });

  it('an already read notification leaves the bell alone', () => {
    expect(
      countsAfterNotification(counts, { type: 'EVENT_UPDATED', readAt: '2026-05-10T12:00:00Z' }),
    ).toEqual(counts);
  });
});

describe('countsAfterDecision', () => {
  it('takes one off the My Events badge, never below zero', () => {
    expect(countsAfterDecision({ unread: 4, hostPending: 2 })).toEqual({ unread: 4, hostPending: 1 });
    expect(countsAfterDecision({ unread: 0, hostPending: 0 })).toEqual({ unread: 0, hostPending: 0 });
  });
});

describe('notification effects', () => {
  it('toasts decisions as success or error', () => {
    expect(toastKind('JOIN_REQUEST_ACCEPTED')).toBe('success');
    expect(toastKind('JOIN_REQUEST_DECLINED')).toBe('error');
    expect(toastKind('JOIN_REQUEST_RECEIVED')).toBe('info');
    expect(toastKind('FRIEND_REQUEST_RECEIVED')).toBe('info');
    expect(toastKind('FRIEND_REQUEST_ACCEPTED')).toBe('success');
  });

  it('leaves new messages to the live inbox’s own toast', () => {
    expect(toastKind('MESSAGE_RECEIVED')).toBeNull();
  });

  it('refreshes friend requests, and friends once one is accepted', () => {
    expect(staleAfterNotification('FRIEND_REQUEST_RECEIVED')).toEqual(['friendRequests']);
    expect(staleAfterNotification('FRIEND_REQUEST_ACCEPTED')).toEqual(['friendRequests', 'friends']);
  });

  it('refreshes the request lists for hosts and the request state for requesters', () => {
    expect(staleAfterNotification('JOIN_REQUEST_RECEIVED')).toContain('hostRequests');
    expect(staleAfterNotification('JOIN_REQUEST_ACCEPTED')).toContain('eventAccess');
    expect(staleAfterNotification('MESSAGE_RECEIVED')).toEqual(['conversations']);
  });
});
