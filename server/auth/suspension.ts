import type { Viewer } from '#server/context/viewer.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';

// A moderator's suspension is in force until its end (null: for good). ADR 039.
export function isSuspended(viewer: Pick<Viewer, 'suspension'>, now: Date): boolean {
  const s = viewer.suspension;
  return !!s && (s.until === null || s.until > now);
}

// FORBIDDEN with reason ACCOUNT_SUSPENDED, the moderator's reason and the end in `extensions`, so the
// client can sign out and say why and until when.
export function suspendedError(viewer: Pick<Viewer, 'suspension'>): AppError {
  const until = viewer.suspension?.until ?? null;
  const reason = viewer.suspension?.reason ?? '';
  const at = until ? toTurkeyDateTime(until) : null;
  return new AppError(ErrorCode.FORBIDDEN, at ? 'error.accountSuspended' : 'error.accountSuspendedForGood', {
    params: { until: at ? `${at.date.split('-').reverse().join('.')} ${at.time}` : '', reason },
    extra: { suspendedUntil: until?.toISOString() ?? null, suspensionReason: reason },
    reason: 'ACCOUNT_SUSPENDED',
  });
}
