import { describe, expect, it } from 'vitest';
import {
  afterPick,
  initialValues,
  stepIsValid,
  suggestPublicLocation,
  toCreateInput,
  toUpdateInput,
  withMode,
  type WizardValues,
} from '#client/features/wizard/wizardState.ts';

const today = '2026-11-21';
// The server's limits (eventCatalog.limits), as the wizard receives them.
const limits = {
  __typename: 'EventLimits' as const,
  titleMin: 3,
  titleMax: 100,
  descriptionMin: 10,
  descriptionMax: 2000,
  tagsMax: 10,
  participantsMin: 2,
  participantsMax: 20,
  participantsDefault: 4,
  creationCost: 1,
};

const physical: WizardValues = {
  ...initialValues({ mode: 'PHYSICAL' }),
  title: 'Akşam koşusu',
  description: 'Moda sahilde 5 km tempolu koşu.',
  category: 'sports',
  tags: ['kosu'],
  date: '2026-11-22',
  maxParticipants: 4,
  time: '19:30',
  location: { lat: 40.98, lng: 29.03 },
  address: 'Moda, Kadıköy, İstanbul',
  publicLocation: 'Kadıköy, İstanbul',
  placeName: 'Moda Sahil',
  venueType: 'PARK_SQUARE',
};

const online: WizardValues = {
  ...initialValues({ mode: 'ONLINE' }),
  title: 'Ranked gecesi',
  description: 'Gold+ oyuncularla ranked maçlar.',
  category: 'popular-games',
  tags: ['valorant', 'ranked'],
  quickTime: 'H1',
  date: '2026-11-21',
  time: '18:00',
  platform: 'valorant',
  voiceChat: 'REQUIRED',
};

describe('wizard step validation', () => {
  it('step 1 needs a type', () => {
    expect(stepIsValid(1, initialValues(), today, limits)).toBe(false);
    expect(stepIsValid(1, initialValues({ mode: 'ONLINE' }), today, limits)).toBe(true);
  });
  it('without the server’s limits only the first step can be left', () => {
    expect(stepIsValid(1, physical, today, null)).toBe(true);
    for (const step of [2, 3, 4, 5] as const) expect(stepIsValid(step, physical, today, null)).toBe(false);
  });
  it('uses the server’s limits, not copies of them', () => {
    expect(stepIsValid(3, physical, today, { ...limits, tagsMax: 0 })).toBe(false);
    expect(stepIsValid(4, physical, today, { ...limits, participantsMax: 3 })).toBe(false);
    expect(stepIsValid(2, physical, today, { ...limits, titleMin: 50 })).toBe(false);
  });
  it('a preset point means a physical event', () => {
    expect(initialValues({ location: { lat: 41, lng: 29 } }).mode).toBe('PHYSICAL');
  });

  it('a preset place fills the address and suggests the public location', () => {
    const values = initialValues({
      location: { lat: 40.9805, lng: 29.0262 },
      address: 'Moda, Kadıköy, İstanbul',
      place: { name: 'Moda', district: 'Kadıköy', province: 'İstanbul' },
    });
    expect(values).toMatchObject({ address: 'Moda, Kadıköy, İstanbul', publicLocation: 'Kadıköy, İstanbul' });
    expect(initialValues({ place: { name: 'Moda', district: null, province: null } }).publicLocation).toBe(
      '',
    );
  });
  it('step 2 needs title, description and category', () => {
    expect(stepIsValid(2, physical, today, limits)).toBe(true);
    expect(stepIsValid(2, { ...physical, title: '   ' }, today, limits)).toBe(false);
    expect(stepIsValid(2, { ...physical, title: 'ab' }, today, limits)).toBe(false);
    expect(stepIsValid(2, { ...physical, description: 'kısa' }, today, limits)).toBe(false);
    expect(stepIsValid(2, { ...physical, category: '' }, today, limits)).toBe(false);
  });
  it('step 3 needs at least one tag', () => {
    expect(stepIsValid(3, physical, today, limits)).toBe(true);
    expect(stepIsValid(3, { ...physical, tags: [] }, today, limits)).toBe(false);
  });
  it('step 4 needs a date from today on and a time', () => {
    expect(stepIsValid(4, physical, today, limits)).toBe(true);
    expect(stepIsValid(4, { ...physical, date: '' }, today, limits)).toBe(false);
    expect(stepIsValid(4, { ...physical, time: '' }, today, limits)).toBe(false);
    expect(stepIsValid(4, { ...physical, date: '2026-11-20' }, today, limits)).toBe(false);
    expect(stepIsValid(4, { ...physical, time: '25:00' }, today, limits)).toBe(false);
    expect(stepIsValid(4, { ...physical, maxParticipants: 21 }, today, limits)).toBe(false);
  });
  it('step 5 (physical) needs the point, the public location, the place name and the venue type', () => {
    expect(stepIsValid(5, physical, today, limits)).toBe(true);
    expect(stepIsValid(5, { ...physical, location: null }, today, limits)).toBe(false);
    expect(stepIsValid(5, { ...physical, publicLocation: ' ' }, today, limits)).toBe(false);
    expect(stepIsValid(5, { ...physical, placeName: '' }, today, limits)).toBe(false);
    expect(stepIsValid(5, { ...physical, venueType: null }, today, limits)).toBe(false);
  });
  it('step 5 (online) needs the platform only', () => {
    expect(stepIsValid(5, online, today, limits)).toBe(true);
    expect(stepIsValid(5, { ...online, platform: '' }, today, limits)).toBe(false);
  });
  it('changing the type clears the other catalog’s category and tags', () => {
    const switched = withMode(physical, 'ONLINE');
    expect(switched.category).toBe('');
    expect(switched.tags).toEqual([]);
    expect(withMode(physical, 'PHYSICAL')).toBe(physical);
  });
});

describe('API inputs', () => {
  it('physical create input carries the location and the public text, no platform', () => {
    const input = toCreateInput(physical);
    expect(input).toMatchObject({
      mode: 'PHYSICAL',
      title: 'Akşam koşusu',
      maxParticipants: 4,
      durationMinutes: 60,
      price: 0,
      publicLocation: 'Kadıköy, İstanbul',
      venueType: 'PARK_SQUARE',
      location: { name: 'Moda Sahil', address: 'Moda, Kadıköy, İstanbul', lat: 40.98, lng: 29.03 },
    });
    expect(input.platform).toBeUndefined();
  });
  it('online create input carries platform and voice chat, no location', () => {
    const input = toCreateInput(online);
    expect(input).toMatchObject({
      mode: 'ONLINE',
      platform: 'valorant',
      voiceChat: 'REQUIRED',
      language: 'tr',
    });
    expect(input.location).toBeUndefined();
  });
  it('leaves an untouched capacity to the server’s default', () => {
    expect('maxParticipants' in toCreateInput({ ...physical, maxParticipants: null })).toBe(false);
    expect(stepIsValid(4, { ...physical, maxParticipants: null }, today, limits)).toBe(true);
  });
  it('update input has the id and no mode', () => {
    const input = toUpdateInput('e1', physical);
    expect(input.id).toBe('e1');
    expect('mode' in input).toBe(false);
  });
  it('suggests "District, Province"', () => {
    expect(suggestPublicLocation({ name: 'Moda', district: 'Kadıköy', province: 'İstanbul' })).toBe(
      'Kadıköy, İstanbul',
    );
    expect(suggestPublicLocation({ name: 'Bilecik', district: null, province: 'Bilecik' })).toBe('Bilecik');
    expect(suggestPublicLocation({ name: 'Nokta', district: null, province: null })).toBe('Nokta');
  });
});

describe('afterPick (issue 27)', () => {
  const moda = { name: 'Moda', district: 'Kadıköy', province: 'İstanbul' };
  const taksim = { name: 'Taksim Meydanı', district: 'Beyoğlu', province: 'İstanbul' };
  const pick = (place: typeof moda | null, pending = false) => ({
    lat: 41.0369,
    lng: 28.985,
    address: place ? place.name : '41.036900, 28.985000',
    place,
    pending,
  });
  // The wizard opened by a right-click at Moda: the text proposed from that place.
  const atModa = initialValues({ location: { lat: 40.9813, lng: 29.0256 }, place: moda });

  it('replaces a proposed text with the picked place\'s "District, Province"', () => {
    expect(atModa.publicLocation).toBe('Kadıköy, İstanbul');
    expect(afterPick(atModa, pick(taksim))).toEqual({
      location: { lat: 41.0369, lng: 28.985 },
      address: 'Taksim Meydanı',
      publicLocation: 'Beyoğlu, İstanbul',
    });
  });
  it('keeps the text the host typed', () => {
    const typed = { ...atModa, publicLocation: 'Moda sahili', publicLocationTyped: true };
    expect(afterPick(typed, pick(taksim))).not.toHaveProperty('publicLocation');
    expect(afterPick(typed, pick(null))).not.toHaveProperty('publicLocation');
  });
  it('waits while the address is pending, and clears a proposal where no place is known', () => {
    expect(afterPick(atModa, pick(null, true))).not.toHaveProperty('publicLocation');
    expect(afterPick(atModa, pick(null)).publicLocation).toBe('');
  });
});
