import type { ReportReason } from '#client/__generated__/graphql.ts';

// The spec's five reasons, in the spec's order.
export const REPORT_REASONS: readonly ReportReason[] = [
  'INAPPROPRIATE_BEHAVIOR',
  'SPAM',
  'HARASSMENT',
  'OFFENSIVE_CONTENT',
  'OTHER',
];

// The server's limit on the details (after trimming).
export const REPORT_MESSAGE_MAX = 1000;

export type ReportForm = { reason: ReportReason | null; message: string };

// One reason is required; the details are optional but not longer than the server accepts.
export function reportFormState(form: ReportForm) {
  const message = form.message.trim();
  const tooLong = message.length > REPORT_MESSAGE_MAX;
  return {
    tooLong,
    length: message.length,
    canSubmit: form.reason !== null && !tooLong,
    input: form.reason ? { reason: form.reason, message: message || null } : null,
  };
}
