import { CombinedGraphQLErrors } from '@apollo/client/errors';

// Seconds to wait when the server refused a message as too fast (RATE_LIMITED with
// `retryAfterSeconds`, ADR 056); 0 for any other failure.
export function rateLimitSeconds(error: unknown): number {
  if (!CombinedGraphQLErrors.is(error)) return 0;
  const extensions = error.errors[0]?.extensions as
    { code?: string; retryAfterSeconds?: unknown } | undefined;
  if (extensions?.code !== 'RATE_LIMITED') return 0;
  const seconds = Number(extensions.retryAfterSeconds);
  // Refused without a figure: a short pause all the same.
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(Math.ceil(seconds), 3600) : 5;
}
