import { z } from 'zod';
import { badInput } from '#server/errors/app-error.ts';
import { fromTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { AutoApprovalRules, EventRow } from '#db/schema/index.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { enumValues, type GameType } from '#server/modules/enum-values.ts';
import { isInTurkey } from '#server/modules/geo/geo.gazetteer.ts';
import { contradictingPlaceName } from '#server/modules/geo/geo.public-text.ts';
import {
  categoriesFor,
  DURATIONS,
  EVENT_LIMITS as L,
  gameTypeOf,
  PLATFORMS,
  tagsFor,
} from './events.catalog.ts';

// How far in the past a start may lie: "Şimdi" in the wizard means now, and the form takes a moment.
const START_GRACE_MS = 10 * 60_000;

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const locationSchema = z.object({
  name: text(1, 200),
  address: optionalText(300),
  lat: z.number({ error: 'validation.latLng' }).min(-90, 'validation.latLng').max(90, 'validation.latLng'),
  lng: z.number({ error: 'validation.latLng' }).min(-180, 'validation.latLng').max(180, 'validation.latLng'),
});

// The host's automatic approval (ADR 045): null turns it off.
const autoApprovalSchema = z
  .object({
    verifiedEmail: z.boolean().nullish(),
    minRating: z
      .number('validation.minRating')
      .min(1, 'validation.minRating')
      .max(5, 'validation.minRating')
      .nullish(),
    minReliability: z
      .number('validation.minReliability')
      .int('validation.minReliability')
      .min(0, 'validation.minReliability')
      .max(100, 'validation.minReliability')
      .nullish(),
    friendsOnly: z.boolean().nullish(),
    sameCity: z.boolean().nullish(),
  })
  .nullish()
  .transform((v): AutoApprovalRules | null =>
    v
      ? {
          verifiedEmail: v.verifiedEmail ?? false,
          minRating: v.minRating ?? null,
          minReliability: v.minReliability ?? null,
          friendsOnly: v.friendsOnly ?? false,
          sameCity: v.sameCity ?? false,
        }
      : null,
  );

// A recurring series (ADR 048): every week or every two weeks, for a count or until a day.
export const SERIES_MAX = 12;
const recurrenceSchema = z
  .object({
    frequency: z.enum(['weekly', 'biweekly'], 'validation.invalid'),
    count: z
      .number('validation.seriesCount')
      .int('validation.seriesCount')
      .min(2, 'validation.seriesCount')
      .max(SERIES_MAX, 'validation.seriesCount')
      .nullish(),
    until: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate')
      .nullish(),
  })
  .nullish()
  .superRefine((v, ctx) => {
    if (v && (v.count == null) === (v.until == null))
      ctx.addIssue({ code: 'custom', path: [], message: 'validation.seriesEnd' });
  });

const createEventSchema = z
  .object({
    mode: z.enum(['physical', 'online'], 'validation.invalid'),
    title: text(L.titleMin, L.titleMax),
    description: text(L.descriptionMin, L.descriptionMax),
    category: text(1, 60),
    tags: z
      .array(z.string().trim().min(1).max(40), 'validation.tags')
      .min(1, 'validation.tags')
      .max(L.tagsMax, 'validation.tags'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalidTime'),
    durationMinutes: z
      .number()
      .int()
      .refine((m) => DURATIONS.has(m), 'validation.duration'),
    maxParticipants: z
      .number('validation.maxParticipants')
      .int('validation.maxParticipants')
      .min(L.participantsMin, 'validation.maxParticipants')
      .max(L.participantsMax, 'validation.maxParticipants')
      .nullish()
      .transform((v) => v ?? L.participantsDefault),
    location: locationSchema.nullish(),
    publicLocation: optionalText(200),
    platform: optionalText(40),
    price: z
      .number('validation.price')
      .min(0, 'validation.price')
      .max(100_000, 'validation.price')
      .nullish()
      .transform((v) => v ?? 0),
    requirements: optionalText(500),
    skillLevel: z
      .enum(['beginner', 'intermediate', 'advanced', 'pro'])
      .nullish()
      .transform((v) => v ?? null),
    voiceChat: z
      .enum(['required', 'optional', 'not_required'])
      .nullish()
      .transform((v) => v ?? null),
    // Physical events: where they meet (ADR 069). Asked by the wizard; optional here, so the REST shim's
    // legacy body and events from before it keep working.
    venueType: z
      .enum(Object.values(enumValues.VenueType), 'validation.venueType')
      .nullish()
      .transform((v) => v ?? null),
    language: z
      .enum(['tr', 'en'], 'validation.language')
      .nullish()
      .transform((v) => v ?? 'tr'),
    autoApproval: autoApprovalSchema,
    recurrence: recurrenceSchema,
  })
  .superRefine((v, ctx) => {
    const categories = categoriesFor(v.mode);
    if (!categories.some((c) => c.id === v.category)) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'validation.unknownCategory' });
    }
    const allowed = tagsFor(v.mode);
    const unknown = v.tags.find((t) => !allowed.has(t));
    if (unknown)
      ctx.addIssue({
        code: 'custom',
        path: ['tags'],
        message: 'validation.unknownTag',
        params: { tag: unknown },
      });
    if (v.mode === 'physical') {
      if (!v.location)
        ctx.addIssue({ code: 'custom', path: ['location'], message: 'validation.locationRequired' });
      else if (!isInTurkey(v.location.lat, v.location.lng)) {
        ctx.addIssue({ code: 'custom', path: ['location'], message: 'validation.locationOutsideTurkey' });
      }
      if (!v.publicLocation)
        ctx.addIssue({
          code: 'custom',
          path: ['publicLocation'],
          message: 'validation.publicLocationRequired',
        });
      // The public text may not name a district or province away from the point (issue 27, ADR 070).
      const far =
        v.location &&
        v.publicLocation &&
        contradictingPlaceName(v.publicLocation, v.location.lat, v.location.lng);
      if (far)
        ctx.addIssue({
          code: 'custom',
          path: ['publicLocation'],
          message: 'validation.publicLocationFar',
          params: { place: far },
        });
    } else {
      if (!v.platform)
        ctx.addIssue({ code: 'custom', path: ['platform'], message: 'validation.platformRequired' });
      else if (!PLATFORMS.has(v.platform)) {
        ctx.addIssue({ code: 'custom', path: ['platform'], message: 'validation.unknownPlatform' });
      }
    }
  });

export type CreateEventValues = z.infer<typeof createEventSchema> & {
  startsAt: Date;
  endsAt: Date;
  gameType: GameType | null;
};

export function validateCreateEvent(input: unknown, now: Date): CreateEventValues {
  const values = parseInput(createEventSchema, input);
  const startsAt = fromTurkeyDateTime(values.date, values.time);
  if (!startsAt) throw badInput([{ field: 'input.date', key: 'validation.invalidDate' }]);
  if (startsAt.getTime() < now.getTime() - START_GRACE_MS) {
    throw badInput([{ field: 'input.date', key: 'validation.dateInPast' }]);
  }
  return {
    ...values,
    // Online events have no place; physical ones have no platform.
    location: values.mode === 'physical' ? values.location : null,
    publicLocation: values.mode === 'physical' ? values.publicLocation : null,
    platform: values.mode === 'online' ? values.platform : null,
    voiceChat: values.mode === 'online' ? values.voiceChat : null,
    venueType: values.mode === 'physical' ? values.venueType : null,
    startsAt,
    endsAt: new Date(startsAt.getTime() + values.durationMinutes * 60_000),
    gameType: values.mode === 'online' ? gameTypeOf(values.tags, values.platform) : null,
  };
}

// An update is validated as the whole event it would produce: the stored values with the changes on
// top, through the same rules as creation. The mode never changes.
export function validateUpdateEvent(
  current: EventRow,
  changes: Record<string, unknown>,
  now: Date,
): CreateEventValues {
  const { date, time } = toTurkeyDateTime(current.startsAt);
  const pick = <T>(key: string, fallback: T): unknown =>
    changes[key] === undefined ? fallback : changes[key];
  const merged = {
    mode: current.mode,
    title: pick('title', current.title),
    description: pick('description', current.description),
    category: pick('category', current.category),
    tags: pick('tags', current.tags),
    date: pick('date', date),
    time: pick('time', time),
    durationMinutes: pick('durationMinutes', current.durationMinutes),
    maxParticipants: pick('maxParticipants', current.maxParticipants),
    location: pick(
      'location',
      current.lat !== null && current.lng !== null
        ? {
            name: current.locationName ?? current.publicLocation ?? '',
            address: current.address,
            lat: current.lat,
            lng: current.lng,
          }
        : null,
    ),
    publicLocation: pick('publicLocation', current.publicLocation),
    platform: pick('platform', current.platform),
    price: pick('price', current.price),
    requirements: pick('requirements', current.requirements),
    skillLevel: pick('skillLevel', current.skillLevel),
    voiceChat: pick('voiceChat', current.voiceChat),
    venueType: pick('venueType', current.venueType),
    language: pick('language', current.language),
    autoApproval: pick('autoApproval', current.autoApproval),
  };
  return validateCreateEvent(merged, now);
}

// The start days of a series' occurrences in Turkey (the first is the event's own day). Throws on an
// end the rules refuse: an "until" before the second occurrence or beyond SERIES_MAX occurrences.
export function seriesDates(
  firstDate: string,
  r: { frequency: 'weekly' | 'biweekly'; count?: number | null; until?: string | null },
): string[] {
  const step = r.frequency === 'weekly' ? 7 : 14;
  const day = (i: number) => {
    const d = new Date(`${firstDate}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i * step);
    return d.toISOString().slice(0, 10);
  };
  if (r.count != null) return Array.from({ length: r.count }, (_, i) => day(i));
  const dates: string[] = [];
  for (let i = 0; day(i) <= r.until! && i <= SERIES_MAX; i++) dates.push(day(i));
  if (dates.length < 2 || dates.length > SERIES_MAX)
    throw badInput([{ field: 'input.recurrence.until', key: 'validation.seriesUntil' }]);
  return dates;
}
