import type { EventStatus, JoinRequestStatus, ViewerRole } from '#client/__generated__/graphql.ts';
import type { BadgeTone } from '#client/components/ui/Badge.tsx';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

export type ViewerRequest = {
  id: string;
  status: JoinRequestStatus;
  declinedByCheck: boolean;
  check?: { reasons: readonly string[] } | null;
  waitlist?: boolean;
  waitlistPosition?: number | null;
  offerExpiresAt?: string | null;
};

export type JoinContext = {
  status: EventStatus;
  viewerRole: ViewerRole;
  freeSlots: number;
  request: ViewerRequest | null;
};

// What the event page offers the viewer about joining.
export type JoinUiState =
  | { kind: 'host' }
  | { kind: 'join' }
  | { kind: 'full'; expired: boolean }
  | { kind: 'closed'; reason: 'completed' | 'cancelled' }
  | { kind: 'pending'; requestId: string; waitlist: boolean }
  // The waitlist (ADR 045): in line, or offered a place until a deadline.
  | { kind: 'waitlisted'; requestId: string; position: number | null }
  | { kind: 'offered'; requestId: string; expiresAt: string | null }
  | { kind: 'accepted' }
  // A participant of an event that is over.
  | { kind: 'attended' }
  | { kind: 'declined'; byCheck: boolean; reasons: readonly string[]; canRetry: boolean };

export function joinUiState({ status, viewerRole, freeSlots, request }: JoinContext): JoinUiState {
  if (viewerRole === 'HOST') return { kind: 'host' };
  const participant = viewerRole === 'PARTICIPANT' || request?.status === 'ACCEPTED';
  // A cancelled or finished event reads as such for everyone, whatever their request said.
  if (status === 'CANCELLED') return { kind: 'closed', reason: 'cancelled' };
  if (status === 'COMPLETED')
    return participant ? { kind: 'attended' } : { kind: 'closed', reason: 'completed' };
  // Then the viewer's own standing: a participant stays one, a pending request stays withdrawable.
  if (participant) return { kind: 'accepted' };
  if (request?.status === 'PENDING')
    return { kind: 'pending', requestId: request.id, waitlist: request.waitlist ?? false };
  if (request?.status === 'WAITLISTED')
    return { kind: 'waitlisted', requestId: request.id, position: request.waitlistPosition ?? null };
  if (request?.status === 'OFFERED')
    return { kind: 'offered', requestId: request.id, expiresAt: request.offerExpiresAt ?? null };
  if (request?.status === 'DECLINED') {
    // A host's "no" is final; a message the check blocked can be rewritten and sent again.
    return {
      kind: 'declined',
      byCheck: request.declinedByCheck,
      reasons: request.declinedByCheck ? (request.check?.reasons ?? []) : [],
      canRetry: request.declinedByCheck && freeSlots > 0,
    };
  }
  // No request, or a withdrawn or expired one: the viewer may ask (again); a full event offers its
  // waitlist.
  return freeSlots > 0 ? { kind: 'join' } : { kind: 'full', expired: request?.status === 'EXPIRED' };
}

// The 'Katıl' button of list cards and map popups.
export type JoinButtonState = 'join' | 'requested' | 'joined' | 'own' | 'full' | 'over' | 'cancelled';

export function joinButtonState(
  viewerRole: ViewerRole,
  freeSlots: number,
  status: EventStatus = 'UPCOMING',
): JoinButtonState {
  if (viewerRole === 'HOST') return 'own';
  if (status === 'CANCELLED') return 'cancelled';
  if (viewerRole === 'PARTICIPANT') return 'joined';
  if (status === 'COMPLETED') return 'over';
  if (viewerRole === 'REQUESTER') return 'requested';
  return freeSlots > 0 ? 'join' : 'full';
}

export const JOIN_BUTTON_LABEL: Record<JoinButtonState, MessageKey> = {
  join: 'join.button',
  requested: 'join.requested',
  joined: 'join.joined',
  own: 'join.own',
  full: 'physical.full',
  over: 'join.over',
  cancelled: 'join.cancelled',
};

// The request-state badge of a My Events card, for events the viewer asked to join.
export function requestBadge(
  viewerRole: ViewerRole,
  request: Pick<ViewerRequest, 'status' | 'declinedByCheck'> | null,
  status: EventStatus = 'UPCOMING',
): { tone: BadgeTone; label: MessageKey } | null {
  if (viewerRole === 'HOST') return null;
  // A request nobody answered before the event ended or was cancelled is no longer waiting.
  const closed = status === 'COMPLETED' || status === 'CANCELLED';
  if (closed && request?.status === 'PENDING' && viewerRole !== 'PARTICIPANT')
    return { tone: 'neutral', label: 'myEvents.request.UNANSWERED' };
  if (viewerRole === 'PARTICIPANT' || request?.status === 'ACCEPTED')
    return { tone: 'success', label: 'myEvents.request.ACCEPTED' };
  if (request?.status === 'PENDING') return { tone: 'warning', label: 'myEvents.request.PENDING' };
  if (request?.status === 'WAITLISTED') return { tone: 'warning', label: 'myEvents.request.WAITLISTED' };
  if (request?.status === 'OFFERED') return { tone: 'success', label: 'myEvents.request.OFFERED' };
  if (request?.status === 'DECLINED')
    return {
      tone: 'danger',
      label: request.declinedByCheck ? 'myEvents.request.CHECK' : 'myEvents.request.DECLINED',
    };
  return null;
}

// 'Manage (N)' and the 'N requests' badge: upcoming events the viewer hosts with requests waiting.
export function manageableRequests(event: {
  viewerRole: ViewerRole;
  status: EventStatus;
  pendingRequestCount: number | null;
}): number {
  if (event.viewerRole !== 'HOST' || event.status !== 'UPCOMING') return 0;
  return event.pendingRequestCount ?? 0;
}
