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

// The server's message per input field ("input.username" -> "username"), for forms that show each
// error under its field. Empty for anything but BAD_USER_INPUT / CONFLICT with fields.
export function fieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const fields = (
    error.errors[0]?.extensions as { fields?: { field: string; message: string }[] } | undefined
  )?.fields;
  return Object.fromEntries((fields ?? []).map((f) => [f.field.replace(/^input\./, ''), f.message]));
}
