import { z } from 'zod';
import { parseInput } from '#server/lib/validation.ts';
import { TAGS } from '#server/modules/events/events.catalog.ts';
import { normalizeUsername, usernameProblem } from './users.username.ts';

// Limits of the profile form (ADR 033); the catalogue query hands them to clients.
export const PROFILE_LIMITS = {
  displayNameMin: 2,
  displayNameMax: 50,
  bioMax: 500,
  interestsMax: 20,
  addressMax: 200,
} as const;

// Control characters and the invisible ones people use to fake an empty or look-alike name.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const clean = (v: string) => v.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
// Multi-line text keeps its line breaks (at most two in a row), nothing else invisible.
const cleanMultiline = (v: string) =>
  v
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => (c === '\n' ? c : ''))
    .replace(/[^\S\n]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const latitude = z.number('validation.latLng').min(-90, 'validation.latLng').max(90, 'validation.latLng');
const longitude = z.number('validation.latLng').min(-180, 'validation.latLng').max(180, 'validation.latLng');

const profileSchema = z.object({
  displayName: z
    .string('validation.required')
    .transform(clean)
    .pipe(z.string().min(1).min(PROFILE_LIMITS.displayNameMin).max(PROFILE_LIMITS.displayNameMax))
    .optional(),
  // Optional texts: left out keeps the value, null or blank clears it.
  username: z
    .string()
    .transform(normalizeUsername)
    .transform((v) => v || null)
    .superRefine((v, ctx) => {
      const problem = v === null ? null : usernameProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullish(),
  bio: z
    .string()
    .transform(cleanMultiline)
    .pipe(z.string().max(PROFILE_LIMITS.bioMax, 'validation.bioTooLong'))
    .transform((v) => v || null)
    .nullish(),
  city: z
    .string()
    .transform(clean)
    .transform((v) => v || null)
    .nullish(),
  district: z
    .string()
    .transform(clean)
    .transform((v) => v || null)
    .nullish(),
  exactLocation: z
    .object({
      lat: latitude,
      lng: longitude,
      address: z
        .string()
        .nullish()
        .transform((v) => (v ? clean(v) : null))
        .pipe(z.string().max(PROFILE_LIMITS.addressMax).nullable()),
    })
    .nullish(),
  interests: z
    .array(z.string().trim(), 'validation.interests')
    .max(PROFILE_LIMITS.interestsMax, 'validation.interestsTooMany')
    .superRefine((ids, ctx) => {
      const unknown = ids.find((id) => !TAGS.has(id));
      if (unknown !== undefined)
        ctx.addIssue({ code: 'custom', message: 'validation.unknownInterest', params: { tag: unknown } });
    })
    .transform((ids) => [...new Set(ids)])
    .nullish(),
  removeAvatar: z.boolean().nullish(),
});

export type ProfileChanges = z.infer<typeof profileSchema>;

export function validateProfile(input: unknown): ProfileChanges {
  return parseInput(profileSchema, input);
}

const settingsSchema = z.object({
  locale: z.enum(['tr', 'en'], 'validation.language').nullish(),
  emailJoinRequests: z.boolean().nullish(),
  emailMessages: z.boolean().nullish(),
  emailDecisions: z.boolean().nullish(),
  emailEventChanges: z.boolean().nullish(),
  inAppReminders: z.boolean().nullish(),
  emailReminders: z.boolean().nullish(),
  pushReminders: z.boolean().nullish(),
  inAppWaitlist: z.boolean().nullish(),
  emailWaitlist: z.boolean().nullish(),
  pushWaitlist: z.boolean().nullish(),
});

export type SettingsChanges = z.infer<typeof settingsSchema>;

export function validateSettings(input: unknown): SettingsChanges {
  return parseInput(settingsSchema, input);
}
