import { ApolloLink } from '@apollo/client/link';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { Observable } from 'rxjs';
import { SocketClosedError } from '#client/apollo/authRetryLink.ts';

// What the server says when a moderator suspended the account (ADR 039): the reason and the end, when
// the answer carried them (a socket closed with SUSPENDED_CLOSE_CODE carries neither).
export type SuspensionNotice = { reason: string | null; until: string | null };

export const SUSPENDED_CLOSE_CODE = 4423;

type ErrorLike = { extensions?: Record<string, unknown> | null };

function noticeIn(errors: ReadonlyArray<ErrorLike> | null | undefined): SuspensionNotice | null {
  const hit = errors?.find((e) => e?.extensions?.reason === 'ACCOUNT_SUSPENDED');
  if (!hit) return null;
  const ext = hit.extensions ?? {};
  return {
    reason: typeof ext.suspensionReason === 'string' ? ext.suspensionReason : null,
    until: typeof ext.suspendedUntil === 'string' ? ext.suspendedUntil : null,
  };
}

// The suspension a failed or partial answer reports, if any: a GraphQL error with reason
// ACCOUNT_SUSPENDED (in a 200 or in a 403's body), or the socket's suspension close code.
export function suspensionOf(error: unknown): SuspensionNotice | null {
  if (CombinedGraphQLErrors.is(error)) return noticeIn(error.errors);
  if (ServerError.is(error)) {
    try {
      return noticeIn((JSON.parse(error.bodyText) as { errors?: ErrorLike[] }).errors);
    } catch {
      return null;
    }
  }
  if (error instanceof SocketClosedError && error.code === SUSPENDED_CLOSE_CODE)
    return { reason: null, until: null };
  return null;
}

// Tells `onSuspended` when any operation learns that the account is suspended; the answer itself
// still reaches the caller.
export function createSuspensionLink(onSuspended: (notice: SuspensionNotice) => void) {
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        const subscription = forward(operation).subscribe({
          next: (result) => {
            const notice = noticeIn(result.errors);
            if (notice) onSuspended(notice);
            observer.next(result);
          },
          error: (error: unknown) => {
            const notice = suspensionOf(error);
            if (notice) onSuspended(notice);
            observer.error(error);
          },
          complete: () => observer.complete(),
        });
        return () => subscription.unsubscribe();
      }),
  );
}
