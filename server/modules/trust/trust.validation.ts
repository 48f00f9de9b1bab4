import { z } from 'zod';

// Why a moderator acts: required, shown to the user concerned (and written to the audit log).
export const ACTION_REASON_MAX = 500;
export const APPEAL_TEXT_MAX = 1000;
// Suspension lengths a moderator can pick; null is "for good".
export const SUSPENSION_DAYS = [1, 3, 7, 30] as const;

// A user reported by this many different people within the window leaves discovery until reviewed.
export const AUTO_HIDE_REPORTERS = 3;
export const AUTO_HIDE_WINDOW_MS = 24 * 3600_000;
// This many blocked join messages within the window pause the user's join requests for PAUSE_MS.
export const AUTO_PAUSE_BLOCKS = 3;
export const AUTO_PAUSE_WINDOW_MS = 24 * 3600_000;
export const AUTO_PAUSE_MS = 24 * 3600_000;
// After a blocked join message, the same user waits this long before asking that event again.
export const JOIN_COOLDOWN_MS = 60 * 60_000;

const reason = z
  .string('validation.required')
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(3, 'validation.actionReasonRequired')
      .max(ACTION_REASON_MAX, 'validation.actionReasonTooLong'),
  );

const id = z.string('validation.required');

export const dismissSchema = z.object({ reportId: id, reason });
export const warnSchema = z.object({
  userId: id,
  reason,
  reportId: id.nullish(),
  flagId: id.nullish(),
});
export const removeSchema = z.object({
  flagId: id.nullish(),
  userId: id.nullish(),
  field: z.enum(['bio', 'display_name', 'username', 'avatar']).nullish(),
  reportId: id.nullish(),
  reason,
});
export const keepSchema = z.object({ flagId: id, reason });
export const cancelSchema = z.object({ eventId: id, reason, reportId: id.nullish() });
export const suspendSchema = z.object({
  userId: id,
  reason,
  days: z
    .number()
    .int()
    .refine((d) => (SUSPENSION_DAYS as readonly number[]).includes(d), 'validation.suspensionDays')
    .nullish(),
  reportId: id.nullish(),
  flagId: id.nullish(),
});
export const restoreSchema = z.object({ userId: id, reason });
export const appealSchema = z.object({
  actionId: id,
  text: z
    .string('validation.required')
    .transform((v) => v.trim())
    .pipe(z.string().min(10, 'validation.appealTooShort').max(APPEAL_TEXT_MAX, 'validation.appealTooLong')),
});
export const decideAppealSchema = z.object({ appealId: id, overturn: z.boolean(), note: reason });
