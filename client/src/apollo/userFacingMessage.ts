import { CombinedGraphQLErrors } from '@apollo/client/errors';

// The server's own message for an expected failure (its error codes carry user-facing texts);
// the fallback for unexpected or network failures, whose messages are not for users.
export function userFacingMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = (first?.extensions as { code?: string } | undefined)?.code;
    if (first?.message && code && code !== 'INTERNAL_SERVER_ERROR') return first.message;
  }
  return fallback;
}
