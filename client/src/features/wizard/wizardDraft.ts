import type {
  EventMode,
  SaveEventDraftMutationVariables,
  SeriesFrequency,
  SkillLevel,
  VenueType,
  VoiceChat,
} from '#client/__generated__/graphql.ts';

type EventDraftInput = SaveEventDraftMutationVariables['input']['values'];
import {
  initialValues,
  type AutoApproval,
  type Step,
  type WizardValues,
} from '#client/features/wizard/wizardState.ts';

// The wizard saved as a draft and opened again (ADR 037): what was filled in travels as an
// EventDraftInput; empty fields stay out, nothing is checked beyond type and length until publishing.

export type DraftValues = {
  title: string | null;
  description: string | null;
  category: string | null;
  tags: readonly string[];
  date: unknown;
  time: unknown;
  durationMinutes: number | null;
  maxParticipants: number | null;
  location: { name: string | null; address: string | null; lat: number; lng: number } | null;
  publicLocation: string | null;
  platform: string | null;
  requirements: string | null;
  skillLevel: SkillLevel | null;
  voiceChat: VoiceChat | null;
  venueType?: VenueType | null;
  language: string | null;
  recurrence?: { frequency: SeriesFrequency; count: number | null } | null;
  autoApproval?: AutoApproval | null;
};

// The wizard opened on a saved draft.
export type WizardDraft = { id: string; step: Step; values: WizardValues };

const orNull = (s: string) => (s.trim() ? s.trim() : null);

export function toDraftInput(v: WizardValues): EventDraftInput {
  const physical = v.mode === 'PHYSICAL';
  return {
    title: orNull(v.title),
    description: orNull(v.description),
    category: v.category || null,
    tags: v.tags,
    date: v.date || null,
    time: v.time || null,
    durationMinutes: v.durationMinutes,
    maxParticipants: v.maxParticipants,
    location:
      physical && v.location
        ? { name: orNull(v.placeName), address: orNull(v.address), lat: v.location.lat, lng: v.location.lng }
        : null,
    publicLocation: physical ? orNull(v.publicLocation) : null,
    platform: physical ? null : v.platform || null,
    requirements: orNull(v.requirements),
    skillLevel: v.skillLevel,
    voiceChat: physical ? null : v.voiceChat,
    venueType: physical ? v.venueType : null,
    language: v.language,
    recurrence: v.repeat ? { frequency: v.repeat, count: v.repeatCount } : null,
    autoApproval: v.autoApproval,
  };
}

export function valuesFromDraft(mode: EventMode, d: DraftValues): WizardValues {
  const base = initialValues({ mode });
  const date = typeof d.date === 'string' ? d.date : '';
  const time = typeof d.time === 'string' ? d.time : '';
  return {
    ...base,
    title: d.title ?? '',
    description: d.description ?? '',
    category: d.category ?? '',
    tags: [...d.tags],
    // Online events pick a start from quick options; a saved start is a custom one.
    quickTime: mode === 'ONLINE' && date && time ? 'CUSTOM' : null,
    date,
    time,
    durationMinutes: d.durationMinutes ?? base.durationMinutes,
    maxParticipants: d.maxParticipants,
    location: d.location ? { lat: d.location.lat, lng: d.location.lng } : null,
    address: d.location?.address ?? '',
    placeName: d.location?.name ?? '',
    venueType: d.venueType ?? null,
    publicLocation: d.publicLocation ?? '',
    platform: d.platform ?? '',
    voiceChat: d.voiceChat,
    skillLevel: d.skillLevel,
    language: d.language === 'en' ? 'en' : 'tr',
    requirements: d.requirements ?? '',
    repeat: d.recurrence?.frequency ?? null,
    repeatCount: d.recurrence?.count ?? base.repeatCount,
    autoApproval: d.autoApproval
      ? {
          verifiedEmail: d.autoApproval.verifiedEmail,
          sameCity: d.autoApproval.sameCity,
          friendsOnly: d.autoApproval.friendsOnly,
          minRating: d.autoApproval.minRating,
          minReliability: d.autoApproval.minReliability,
        }
      : null,
  };
}

export const resumeStep = (step: number): Step => (step >= 2 && step <= 6 ? (step as Step) : 2);
