import { describe, expect, it } from 'vitest';
import {
  joinButtonState,
  joinUiState,
  manageableRequests,
  requestBadge,
  type JoinContext,
} from './requestState.ts';

const base: JoinContext = { status: 'UPCOMING', viewerRole: 'NONE', freeSlots: 3, request: null };
const request = (status: 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'WITHDRAWN', declinedByCheck = false) => ({
  id: 'r1',
  status,
  declinedByCheck,
  check: { reasons: declinedByCheck ? ['Hakaret içeriyor'] : [] },
});

describe('joinUiState', () => {
  it('offers joining to a stranger while there is room', () => {
    expect(joinUiState(base)).toEqual({ kind: 'join' });
    expect(joinUiState({ ...base, status: 'ONGOING' })).toEqual({ kind: 'join' });
    expect(joinUiState({ ...base, freeSlots: 0 })).toEqual({ kind: 'full', expired: false });
  });

  it('hides joining from the host and for past or cancelled events', () => {
    expect(joinUiState({ ...base, viewerRole: 'HOST' })).toEqual({ kind: 'host' });
    expect(joinUiState({ ...base, status: 'COMPLETED' })).toEqual({ kind: 'closed', reason: 'completed' });
    expect(joinUiState({ ...base, status: 'CANCELLED' })).toEqual({ kind: 'closed', reason: 'cancelled' });
  });

  it('shows a pending request (withdrawable even when the event has filled up)', () => {
    const state = joinUiState({
      ...base,
      viewerRole: 'REQUESTER',
      freeSlots: 0,
      request: request('PENDING'),
    });
    expect(state).toEqual({ kind: 'pending', requestId: 'r1', waitlist: false });
  });

  it('shows an accepted participant, and after the event that they took part', () => {
    expect(joinUiState({ ...base, viewerRole: 'PARTICIPANT', request: request('ACCEPTED') })).toEqual({
      kind: 'accepted',
    });
    expect(joinUiState({ ...base, viewerRole: 'PARTICIPANT', status: 'ONGOING' })).toEqual({
      kind: 'accepted',
    });
    // Not 'Görüşmek üzere!' once it is over.
    expect(joinUiState({ ...base, viewerRole: 'PARTICIPANT', status: 'COMPLETED' })).toEqual({
      kind: 'attended',
    });
  });

  it('says cancelled or over to participants and waiting requesters alike', () => {
    for (const who of [
      { viewerRole: 'PARTICIPANT' as const, request: request('ACCEPTED') },
      { viewerRole: 'REQUESTER' as const, request: request('PENDING') },
    ]) {
      expect(joinUiState({ ...base, ...who, status: 'CANCELLED' })).toEqual({
        kind: 'closed',
        reason: 'cancelled',
      });
    }
    expect(
      joinUiState({ ...base, viewerRole: 'REQUESTER', request: request('PENDING'), status: 'COMPLETED' }),
    ).toEqual({
      kind: 'closed',
      reason: 'completed',
    });
  });

  it('shows the check’s reasons for a blocked message and lets the user try again', () => {
    expect(joinUiState({ ...base, request: request('DECLINED', true) })).toEqual({
      kind: 'declined',
      byCheck: true,
      reasons: ['Hakaret içeriyor'],
      canRetry: true,
    });
    expect(joinUiState({ ...base, freeSlots: 0, request: request('DECLINED', true) })).toMatchObject({
      canRetry: false,
    });
  });

  it('keeps a host’s decline final', () => {
    expect(joinUiState({ ...base, request: request('DECLINED') })).toEqual({
      kind: 'declined',
      byCheck: false,
      reasons: [],
      canRetry: false,
    });
  });

  it('treats a withdrawn request like none', () => {
    expect(joinUiState({ ...base, request: request('WITHDRAWN') })).toEqual({ kind: 'join' });
  });
});

describe('joinButtonState', () => {
  it('maps the viewer’s role and the free places to the card button', () => {
    expect(joinButtonState('NONE', 2)).toBe('join');
    expect(joinButtonState('NONE', 0)).toBe('full');
    expect(joinButtonState('REQUESTER', 2)).toBe('requested');
    expect(joinButtonState('PARTICIPANT', 0)).toBe('joined');
    expect(joinButtonState('HOST', 2)).toBe('own');
  });

  it('says over or cancelled instead of offering to join', () => {
    expect(joinButtonState('NONE', 2, 'COMPLETED')).toBe('over');
    expect(joinButtonState('REQUESTER', 2, 'COMPLETED')).toBe('over');
    expect(joinButtonState('PARTICIPANT', 2, 'COMPLETED')).toBe('joined');
    expect(joinButtonState('NONE', 2, 'CANCELLED')).toBe('cancelled');
    expect(joinButtonState('PARTICIPANT', 2, 'CANCELLED')).toBe('cancelled');
    expect(joinButtonState('NONE', 2, 'ONGOING')).toBe('join');
  });
});

describe('requestBadge', () => {
  it('labels the viewer’s request on My Events cards', () => {
    expect(requestBadge('HOST', null)).toBeNull();
    expect(requestBadge('NONE', null)).toBeNull();
    expect(requestBadge('REQUESTER', request('PENDING'))).toEqual({
      tone: 'warning',
      label: 'myEvents.request.PENDING',
    });
    expect(requestBadge('PARTICIPANT', request('ACCEPTED'))?.label).toBe('myEvents.request.ACCEPTED');
    expect(requestBadge('NONE', request('DECLINED'))?.label).toBe('myEvents.request.DECLINED');
    expect(requestBadge('NONE', request('DECLINED', true))).toEqual({
      tone: 'danger',
      label: 'myEvents.request.CHECK',
    });
    expect(requestBadge('NONE', request('WITHDRAWN'))).toBeNull();
  });

  it('does not call a request waiting once the event is over or cancelled', () => {
    for (const status of ['COMPLETED', 'CANCELLED'] as const) {
      expect(requestBadge('REQUESTER', request('PENDING'), status)).toEqual({
        tone: 'neutral',
        label: 'myEvents.request.UNANSWERED',
      });
    }
  });
});

describe('manageableRequests', () => {
  it('counts pending requests only for upcoming events the viewer hosts', () => {
    expect(manageableRequests({ viewerRole: 'HOST', status: 'UPCOMING', pendingRequestCount: 3 })).toBe(3);
    expect(manageableRequests({ viewerRole: 'HOST', status: 'COMPLETED', pendingRequestCount: 3 })).toBe(0);
    expect(
      manageableRequests({ viewerRole: 'PARTICIPANT', status: 'UPCOMING', pendingRequestCount: null }),
    ).toBe(0);
    expect(manageableRequests({ viewerRole: 'HOST', status: 'UPCOMING', pendingRequestCount: null })).toBe(0);
  });

  it('the waitlist: in line with a place number, offered with a deadline, an expired offer asks again', () => {
    const base = { status: 'UPCOMING', viewerRole: 'REQUESTER', freeSlots: 0 } as const;
    const req = { id: 'w1', declinedByCheck: false, check: null };
    expect(joinUiState({ ...base, request: { ...req, status: 'WAITLISTED', waitlistPosition: 3 } })).toEqual({
      kind: 'waitlisted',
      requestId: 'w1',
      position: 3,
    });
    expect(
      joinUiState({
        ...base,
        request: { ...req, status: 'OFFERED', offerExpiresAt: '2026-11-25T18:00:00Z' },
      }),
    ).toEqual({ kind: 'offered', requestId: 'w1', expiresAt: '2026-11-25T18:00:00Z' });
    expect(joinUiState({ ...base, viewerRole: 'NONE', request: { ...req, status: 'EXPIRED' } })).toEqual({
      kind: 'full',
      expired: true,
    });
    expect(requestBadge('REQUESTER', { status: 'WAITLISTED', declinedByCheck: false })).toEqual({
      tone: 'warning',
      label: 'myEvents.request.WAITLISTED',
    });
  });
});
