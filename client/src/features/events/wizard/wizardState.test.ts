import { describe, expect, it } from 'vitest';
import {
  initialValues,
  stepIsValid,
  suggestPublicLocation,
  toCreateInput,
  toUpdateInput,
  withMode,
  type WizardValues,
} from '#client/features/events/wizard/wizardState.ts';

const today = '2026-11-21';

const physical: WizardValues = {
  ...initialValues({ mode: 'PHYSICAL' }),
  title: 'Akşam koşusu',
  description: 'Moda sahilde 5 km tempolu koşu.',
  category: 'Spor',
  tags: ['Koşu'],
  date: '2026-11-22',
  time: '19:30',
  location: { lat: 40.98, lng: 29.03 },
  address: 'Moda, Kadıköy, İstanbul',
  publicLocation: 'Kadıköy, İstanbul',
  placeName: 'Moda Sahil',
};

const online: WizardValues = {
  ...initialValues({ mode: 'ONLINE' }),
  title: 'Ranked gecesi',
  description: 'Gold+ oyuncularla ranked maçlar.',
  category: 'Popüler Oyunlar',
  tags: ['Valorant', 'Ranked'],
  quickTime: 'H1',
  date: '2026-11-21',
  time: '18:00',
  platform: 'Valorant',
  voiceChat: 'REQUIRED',
};

describe('wizard step validation', () => {
  it('step 1 needs a type', () => {
    expect(stepIsValid(1, initialValues(), today)).toBe(false);
    expect(stepIsValid(1, initialValues({ mode: 'ONLINE' }), today)).toBe(true);
  });
  it('a preset point means a physical event', () => {
    expect(initialValues({ location: { lat: 41, lng: 29 } }).mode).toBe('PHYSICAL');
  });
  it('step 2 needs title, description and category', () => {
    expect(stepIsValid(2, physical, today)).toBe(true);
    expect(stepIsValid(2, { ...physical, title: '   ' }, today)).toBe(false);
    expect(stepIsValid(2, { ...physical, title: 'ab' }, today)).toBe(false);
    expect(stepIsValid(2, { ...physical, description: 'kısa' }, today)).toBe(false);
    expect(stepIsValid(2, { ...physical, category: '' }, today)).toBe(false);
  });
  it('step 3 needs at least one tag', () => {
    expect(stepIsValid(3, physical, today)).toBe(true);
    expect(stepIsValid(3, { ...physical, tags: [] }, today)).toBe(false);
  });
  it('step 4 needs a date from today on and a time', () => {
    expect(stepIsValid(4, physical, today)).toBe(true);
    expect(stepIsValid(4, { ...physical, date: '' }, today)).toBe(false);
    expect(stepIsValid(4, { ...physical, time: '' }, today)).toBe(false);
    expect(stepIsValid(4, { ...physical, date: '2026-11-20' }, today)).toBe(false);
    expect(stepIsValid(4, { ...physical, time: '25:00' }, today)).toBe(false);
    expect(stepIsValid(4, { ...physical, maxParticipants: 21 }, today)).toBe(false);
  });
  it('step 5 (physical) needs the point, the public location and the place name', () => {
    expect(stepIsValid(5, physical, today)).toBe(true);
    expect(stepIsValid(5, { ...physical, location: null }, today)).toBe(false);
    expect(stepIsValid(5, { ...physical, publicLocation: ' ' }, today)).toBe(false);
    expect(stepIsValid(5, { ...physical, placeName: '' }, today)).toBe(false);
  });
  it('step 5 (online) needs the platform only', () => {
    expect(stepIsValid(5, online, today)).toBe(true);
    expect(stepIsValid(5, { ...online, platform: '' }, today)).toBe(false);
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
      location: { name: 'Moda Sahil', address: 'Moda, Kadıköy, İstanbul', lat: 40.98, lng: 29.03 },
    });
    expect(input.platform).toBeUndefined();
  });
  it('online create input carries platform and voice chat, no location', () => {
    const input = toCreateInput(online);
    expect(input).toMatchObject({
      mode: 'ONLINE',
      platform: 'Valorant',
      voiceChat: 'REQUIRED',
      language: 'tr',
    });
    expect(input.location).toBeUndefined();
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
