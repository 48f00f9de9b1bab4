import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';

// A valid createEvent input; tests override what they care about.
export function buildPhysicalEventInput(overrides: Record<string, unknown> = {}) {
  const start = toTurkeyDateTime(new Date(Date.now() + 3 * 24 * 3600_000));
  return {
    mode: 'PHYSICAL',
    title: 'Moda sahilde halı saha',
    description: 'Akşam 5v5 maç yapıyoruz, seviye fark etmez.',
    category: 'sports',
    tags: ['hali-saha', 'futbol'],
    date: start.date,
    time: '19:00',
    durationMinutes: 90,
    maxParticipants: 10,
    location: { name: 'Moda Sahil', address: 'Caferağa, Moda Cd., Kadıköy', lat: 40.98335, lng: 29.02541 },
    publicLocation: 'Kadıköy, İstanbul',
    ...overrides,
  };
}

export function buildOnlineEventInput(overrides: Record<string, unknown> = {}) {
  const start = toTurkeyDateTime(new Date(Date.now() + 2 * 24 * 3600_000));
  return {
    mode: 'ONLINE',
    title: 'Valorant ranked akşamı',
    description: 'Elmas ve üstü oyuncular, mikrofon şart.',
    category: 'popular-games',
    tags: ['valorant', 'ranked'],
    date: start.date,
    time: '21:00',
    durationMinutes: 120,
    maxParticipants: 4,
    platform: 'valorant',
    voiceChat: 'REQUIRED',
    skillLevel: 'ADVANCED',
    ...overrides,
  };
}

export const CREATE_EVENT = `mutation CreateEvent($input: CreateEventInput!) {
  createEvent(input: $input) {
    event { id title mode status date time maxParticipants publicLocation location { lat lng exact name address } }
    viewer { id tokenBalance }
  }
}`;
