import { z } from 'zod';
import type { Tx } from '#db/client.ts';
import type { EventDraftRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { AppError, ErrorCode, notFound } from '#server/errors/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { enumValues } from '#server/modules/enum-values.ts';
import { inTransaction } from '#server/lib/unit-of-work.ts';
import { parseInput } from '#server/lib/validation.ts';
import { createEventDraftsRepository } from './event-drafts.repository.ts';
import { DURATIONS, EVENT_LIMITS as L } from './events.catalog.ts';

// Drafts of the create-event wizard (ADR 037): saved from any step after the first with whatever is
// filled in, checked only for type and length (the full rules apply when the draft is published as
// an event), visible to their host alone, never listed, never charged.

export const DRAFTS_MAX = 20;

const optional = (max: number) => z.string().max(max).nullish();
const draftValuesSchema = z.object({
  title: optional(L.titleMax),
  description: optional(L.descriptionMax),
  category: optional(60),
  tags: z.array(z.string().max(40)).max(L.tagsMax, 'validation.tags').nullish(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate')
    .nullish(),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalidTime')
    .nullish(),
  durationMinutes: z
    .number()
    .int()
    .refine((m) => DURATIONS.has(m), 'validation.duration')
    .nullish(),
  maxParticipants: z
    .number()
    .int('validation.maxParticipants')
    .min(L.participantsMin, 'validation.maxParticipants')
    .max(L.participantsMax, 'validation.maxParticipants')
    .nullish(),
  location: z
    .object({
      name: optional(200),
      address: optional(300),
      lat: z.number().min(-90, 'validation.latLng').max(90, 'validation.latLng'),
      lng: z.number().min(-180, 'validation.latLng').max(180, 'validation.latLng'),
    })
    .nullish(),
  publicLocation: optional(200),
  platform: optional(40),
  requirements: optional(500),
  skillLevel: z.enum(['beginner', 'intermediate', 'advanced', 'pro']).nullish(),
  voiceChat: z.enum(['required', 'optional', 'not_required']).nullish(),
  venueType: z.enum(Object.values(enumValues.VenueType), 'validation.venueType').nullish(),
  language: z.enum(['tr', 'en'], 'validation.language').nullish(),
  // The lifecycle's wizard fields (ADR 045, 048): checked in full when published.
  autoApproval: z
    .object({
      verifiedEmail: z.boolean().nullish(),
      minRating: z.number().min(1, 'validation.minRating').max(5, 'validation.minRating').nullish(),
      minReliability: z
        .number()
        .int('validation.minReliability')
        .min(0, 'validation.minReliability')
        .max(100, 'validation.minReliability')
        .nullish(),
      friendsOnly: z.boolean().nullish(),
      sameCity: z.boolean().nullish(),
    })
    .nullish(),
  recurrence: z
    .object({
      frequency: z.enum(['weekly', 'biweekly'], 'validation.invalid'),
      count: z.number().int().min(2, 'validation.seriesCount').max(12, 'validation.seriesCount').nullish(),
      until: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate')
        .nullish(),
    })
    .nullish(),
});

export type DraftValues = z.infer<typeof draftValuesSchema>;

const saveSchema = z.object({
  id: z.string().nullish(),
  mode: z.enum(['physical', 'online'], 'validation.invalid'),
  step: z.number().int().min(2, 'validation.invalid').max(6, 'validation.invalid'),
  values: draftValuesSchema,
});

// What was filled in: no nulls or empty strings stored.
function filledOnly(values: DraftValues): DraftValues {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
}

export function createEventDraftsService(deps: Deps) {
  const repo = createEventDraftsRepository(deps.db);

  return {
    mine: (viewer: Viewer) => repo.mine(viewer.id, DRAFTS_MAX),

    async byId(viewer: Viewer, id: string): Promise<EventDraftRow> {
      const draft = isUuid(id) ? await repo.byId(viewer.id, id) : undefined;
      if (!draft) throw notFound('error.draftNotFound');
      return draft;
    },

    async save(viewer: Viewer, input: unknown): Promise<EventDraftRow> {
      const v = parseInput(saveSchema, input);
      const values = { mode: v.mode, step: v.step, values: filledOnly(v.values) };
      return inTransaction(deps.db, deps.logger, async (tx) => {
        if (v.id) {
          const saved = isUuid(v.id) ? await repo.update(tx, viewer.id, v.id, values) : undefined;
          if (!saved) throw notFound('error.draftNotFound');
          return saved;
        }
        if ((await repo.countOf(tx, viewer.id)) >= DRAFTS_MAX)
          throw new AppError(ErrorCode.CONFLICT, 'draft.tooMany', { params: { max: DRAFTS_MAX } });
        return repo.insert(tx, { hostId: viewer.id, ...values });
      });
    },

    async remove(viewer: Viewer, input: { id: string }): Promise<string> {
      const removed = isUuid(input.id) && (await repo.remove(deps.db, viewer.id, input.id));
      if (!removed) throw notFound('error.draftNotFound');
      return input.id;
    },

    // Part of deleting an account (its transaction): drafts are the user's words, they go. No events
    // are cancelled here (returns 0).
    async removeAllOf(tx: Tx, user: { id: string }): Promise<number> {
      await repo.removeAll(tx, user.id);
      return 0;
    },

    // Publishing: the event's creation deletes the draft in its own transaction; a draft that is not
    // the viewer's is NOT_FOUND and the creation rolls back.
    async consume(tx: Tx, viewer: Viewer, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.remove(tx, viewer.id, id))) throw notFound('error.draftNotFound');
    },
  };
}

export type EventDraftsService = ReturnType<typeof createEventDraftsService>;
