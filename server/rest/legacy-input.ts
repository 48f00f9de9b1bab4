import { legacy } from '#server/modules/events/events.catalog.ts';
import type { EventFilter } from './__generated__/operations.ts';

// What legacy clients send (bodies, query parameters) -> GraphQL's inputs.

export function num(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// The spec's create payload -> CreateEventInput (GraphQL's shape); the service validates the rest.
export function fromLegacyCreatePayload(body: Record<string, unknown>) {
  const location = isRecord(body.location) ? body.location : null;
  const coords = Array.isArray(body.coordinates) ? body.coordinates : null;
  const lat = num(location?.lat) ?? num(coords?.[1]);
  const lng = num(location?.lng) ?? num(coords?.[0]);
  const duration =
    typeof body.duration === 'string'
      ? (legacy.durationMinutes(body.duration) ?? num(body.duration))
      : num(body.duration ?? body.durationMinutes);
  const type = typeof body.type === 'string' ? body.type.toLowerCase() : body.type;
  return {
    mode: type,
    title: body.title,
    description: body.description,
    category: typeof body.category === 'string' ? legacy.categoryId(body.category) : body.category,
    tags: Array.isArray(body.tags)
      ? (body.tags as unknown[]).map((tag) => (typeof tag === 'string' ? legacy.tagId(tag) : tag))
      : body.tags,
    date: body.date,
    time: body.time,
    durationMinutes: duration,
    maxParticipants: num(body.maxParticipants),
    location:
      location || coords
        ? { name: location?.name ?? body.public_location ?? '', address: location?.address ?? null, lat, lng }
        : null,
    publicLocation: body.public_location ?? body.publicLocation ?? null,
    platform: typeof body.platform === 'string' ? legacy.platformId(body.platform) : (body.platform ?? null),
    price: num(body.price),
    requirements: body.requirements ?? null,
    skillLevel: typeof body.skillLevel === 'string' ? body.skillLevel.toLowerCase() : null,
    voiceChat:
      body.voiceRequired === true ? 'required' : typeof body.voiceChat === 'string' ? body.voiceChat : null,
    // Optional (ADR 069): absent leaves it as it is.
    ...(typeof body.venueType === 'string' ? { venueType: body.venueType.toLowerCase() } : {}),
  };
}

// The spec's profile payload -> UpdateProfileInput. Absent keys stay absent (no change); interests
// may be the legacy Turkish labels or catalogue ids.
export function fromLegacyProfilePayload(body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of ['displayName', 'username', 'bio', 'city', 'district'] as const)
    if (key in body) input[key] = body[key];
  if ('exactLocation' in body) {
    const exact = isRecord(body.exactLocation) ? body.exactLocation : null;
    input.exactLocation = exact
      ? { lat: num(exact.lat), lng: num(exact.lng), address: exact.address ?? null }
      : body.exactLocation;
  }
  if ('interests' in body)
    input.interests = Array.isArray(body.interests)
      ? (body.interests as unknown[]).map((i) => (typeof i === 'string' ? legacy.tagId(i) : i))
      : body.interests;
  return input;
}

const list = (v: unknown) =>
  typeof v === 'string' && v.trim()
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
const upper = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined);

// Query parameters of the REST lists -> the GraphQL filter: enum values in any case, categories, tags
// and platforms by their legacy names or ids. GraphQL refuses values it does not know (400).
export function restFilter(q: Record<string, unknown>): EventFilter {
  return {
    search: typeof q.search === 'string' ? q.search : typeof q.q === 'string' ? q.q : undefined,
    category: typeof q.category === 'string' ? legacy.categoryId(q.category) : undefined,
    tags: list(q.tags)?.map(legacy.tagId),
    timeWindow: upper(q.timeWindow) as EventFilter['timeWindow'],
    skillLevels: list(q.skill)?.map((s) => s.toUpperCase()) as EventFilter['skillLevels'],
    quick: list(q.quick)?.map((s) => s.toUpperCase()) as EventFilter['quick'],
    gameType: upper(q.gameType) as EventFilter['gameType'],
    platforms: list(q.platform)?.map(legacy.platformId),
    voiceChat: upper(q.voice) as EventFilter['voiceChat'],
  };
}
