import type {
  CreateEventInput,
  EventMode,
  SeriesFrequency,
  SkillLevel,
  UpdateEventInput,
  VenueType,
  VoiceChat,
} from '#client/__generated__/graphql.ts';
import type { LocationPick } from '#client/lib/locationPicker.ts';
import type { QuickTime } from '#client/features/wizard/quickTime.ts';
import type { Limits } from '#client/features/wizard/useWizardCatalog.ts';

// The create/edit wizard's values, the per-step rules behind 'İleri', and the API inputs. The limits
// are the server's (eventCatalog.limits); nothing here repeats them.

export const STEP_COUNT = 6;
export const DEFAULT_DURATION = 60;

export type Step = 1 | 2 | 3 | 4 | 5 | 6;
export type PointValue = { lat: number; lng: number };
export type Language = 'tr' | 'en';

export type WizardValues = {
  mode: EventMode | null;
  title: string;
  description: string;
  category: string;
  tags: string[];
  quickTime: QuickTime | null;
  date: string;
  time: string;
  durationMinutes: number;
  // null: the server's default capacity (limits.participantsDefault) until the host moves the slider.
  maxParticipants: number | null;
  // Physical: the exact point, its address (search or reverse geocoding), the public text, the place name.
  location: PointValue | null;
  address: string;
  publicLocation: string;
  // The host typed the public text: a new point or search result no longer proposes one (issue 27).
  publicLocationTyped: boolean;
  placeName: string;
  // Physical: the kind of place (ADR 069), required in step 5.
  venueType: VenueType | null;
  // Online.
  platform: string;
  voiceChat: VoiceChat | null;
  skillLevel: SkillLevel | null;
  language: Language;
  requirements: string;
  // A recurring series (ADR 048): none, or weekly / every two weeks for `repeatCount` occurrences.
  repeat: SeriesFrequency | null;
  repeatCount: number;
  // The host's automatic approval (ADR 045); null: the host decides every request.
  autoApproval: AutoApproval | null;
};

export type AutoApproval = {
  verifiedEmail: boolean;
  sameCity: boolean;
  friendsOnly: boolean;
  minRating: number | null;
  minReliability: number | null;
};

export const SERIES_MIN = 2;
export const SERIES_MAX = 12;
export const DEFAULT_REPEAT_COUNT = 4;

export type WizardPreset = {
  mode?: EventMode;
  location?: PointValue;
  // What is at `location` (the map's "Burada etkinlik oluştur" reverse-geocodes it first).
  address?: string;
  place?: { name: string; district: string | null; province: string | null } | null;
};

export function initialValues(preset: WizardPreset = {}): WizardValues {
  return {
    mode: preset.mode ?? (preset.location ? 'PHYSICAL' : null),
    title: '',
    description: '',
    category: '',
    tags: [],
    quickTime: null,
    date: '',
    time: '',
    durationMinutes: DEFAULT_DURATION,
    maxParticipants: null,
    location: preset.location ?? null,
    address: preset.location ? (preset.address ?? '') : '',
    publicLocation: preset.location && preset.place ? suggestPublicLocation(preset.place) : '',
    publicLocationTyped: false,
    placeName: '',
    venueType: null,
    platform: '',
    voiceChat: null,
    skillLevel: null,
    language: 'tr',
    requirements: '',
    repeat: null,
    repeatCount: DEFAULT_REPEAT_COUNT,
    autoApproval: null,
  };
}

const filled = (s: string) => s.trim().length > 0;

export const capacityOf = (v: WizardValues, limits: Limits) =>
  v.maxParticipants ?? limits.participantsDefault;

// Whether 'İleri' may leave this step (spec §5: 1 type; 2 title, description, category; 3 a tag;
// 4 date and time; 5 public location and a point (physical) or the platform (online)). The title and
// description also need the API's minimum lengths, so a create never fails on them. Without the
// limits (the catalogue still loading) only the first step can be left.
export function stepIsValid(step: Step, v: WizardValues, today: string, limits: Limits | null): boolean {
  if (step === 1) return v.mode !== null;
  if (!limits) return false;
  switch (step) {
    case 2:
      return (
        v.title.trim().length >= limits.titleMin &&
        v.title.trim().length <= limits.titleMax &&
        v.description.trim().length >= limits.descriptionMin &&
        v.description.trim().length <= limits.descriptionMax &&
        filled(v.category)
      );
    case 3:
      return v.tags.length >= 1 && v.tags.length <= limits.tagsMax;
    case 4:
      return (
        /^\d{4}-\d{2}-\d{2}$/.test(v.date) &&
        v.date >= today &&
        /^([01]\d|2[0-3]):[0-5]\d$/.test(v.time) &&
        v.durationMinutes > 0 &&
        capacityOf(v, limits) >= limits.participantsMin &&
        capacityOf(v, limits) <= limits.participantsMax
      );
    case 5:
      return v.mode === 'ONLINE'
        ? filled(v.platform)
        : v.location !== null && filled(v.publicLocation) && filled(v.placeName) && v.venueType !== null;
    case 6:
      return true;
  }
}

// Changing the type empties what belongs to the other type's catalog.
export function withMode(v: WizardValues, mode: EventMode): WizardValues {
  if (v.mode === mode) return v;
  return { ...v, mode, category: '', tags: [], platform: '', voiceChat: null, quickTime: null };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

export function toCreateInput(v: WizardValues): CreateEventInput {
  if (!v.mode) throw new Error('The event type is missing.');
  const base: CreateEventInput = {
    mode: v.mode,
    title: v.title.trim(),
    description: v.description.trim(),
    category: v.category,
    tags: v.tags,
    date: v.date,
    time: v.time,
    durationMinutes: v.durationMinutes,
    ...(v.maxParticipants !== null && { maxParticipants: v.maxParticipants }),
    price: 0,
    requirements: orNull(v.requirements),
    skillLevel: v.skillLevel,
    language: v.language,
    autoApproval: v.autoApproval,
    ...(v.repeat && { recurrence: { frequency: v.repeat, count: v.repeatCount } }),
  };
  if (v.mode === 'PHYSICAL') {
    return {
      ...base,
      location: v.location
        ? { name: v.placeName.trim(), address: orNull(v.address), lat: v.location.lat, lng: v.location.lng }
        : null,
      publicLocation: v.publicLocation.trim(),
      venueType: v.venueType,
    };
  }
  return { ...base, platform: v.platform, voiceChat: v.voiceChat };
}

export function toUpdateInput(id: string, v: WizardValues): UpdateEventInput {
  // A series is chosen when creating; an edit changes occurrences (scope), not the recurrence.
  const { mode: _mode, price: _price, recurrence: _recurrence, ...rest } = toCreateInput(v);
  return { id, ...rest };
}

export type EditableEvent = {
  mode: EventMode;
  title: string;
  description: string;
  category: { id: string };
  tags: readonly { id: string }[];
  date: string;
  time: string;
  durationMinutes: number;
  maxParticipants: number;
  publicLocation: string | null;
  platform: { id: string } | null;
  requirements: string | null;
  skillLevel: SkillLevel | null;
  voiceChat: VoiceChat | null;
  venueType: VenueType | null;
  language: string;
  location: { name: string | null; address: string | null; lat: number; lng: number; exact: boolean } | null;
  autoApproval?: AutoApproval | null;
};

export function valuesFromEvent(event: EditableEvent): WizardValues {
  return {
    ...initialValues({ mode: event.mode }),
    title: event.title,
    description: event.description,
    category: event.category.id,
    tags: event.tags.map((tag) => tag.id),
    quickTime: event.mode === 'ONLINE' ? 'CUSTOM' : null,
    date: event.date,
    time: event.time,
    durationMinutes: event.durationMinutes,
    maxParticipants: event.maxParticipants,
    location: event.location ? { lat: event.location.lat, lng: event.location.lng } : null,
    address: event.location?.address ?? '',
    publicLocation: event.publicLocation ?? '',
    // The stored text is the host's: moving the point keeps it (the server refuses a contradiction).
    publicLocationTyped: Boolean(event.publicLocation),
    placeName: event.location?.name ?? '',
    venueType: event.venueType,
    platform: event.platform?.id ?? '',
    voiceChat: event.voiceChat,
    skillLevel: event.skillLevel,
    language: event.language === 'en' ? 'en' : 'tr',
    requirements: event.requirements ?? '',
    autoApproval: event.autoApproval ?? null,
  };
}

// "District, Province" from a reverse-geocoded place, for the public location field.
export function suggestPublicLocation(place: {
  name: string;
  district: string | null;
  province: string | null;
}): string {
  const parts = [place.district, place.province].filter((p): p is string => Boolean(p));
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return unique.length ? unique.join(', ') : place.name;
}

// Issue 27: a picked result or a moved point sets the point and proposes the public text from its
// place, unless the host typed their own; a point with no known place clears a proposed text (the
// host writes one). While the address is pending the text waits.
export function afterPick(v: WizardValues, pick: LocationPick): Partial<WizardValues> {
  const patch: Partial<WizardValues> = { location: { lat: pick.lat, lng: pick.lng }, address: pick.address };
  if (!pick.pending && !v.publicLocationTyped)
    patch.publicLocation = pick.place ? suggestPublicLocation(pick.place) : '';
  return patch;
}
