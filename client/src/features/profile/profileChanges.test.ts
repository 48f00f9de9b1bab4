import { describe, expect, it } from 'vitest';
import { profileChanges, type SettingsFormUser } from './ProfileSettingsForm.tsx';

const before: SettingsFormUser = {
  displayName: 'Ayşe',
  username: 'ayse',
  bio: null,
  city: 'İstanbul',
  district: 'Kadıköy',
  exactLocation: { lat: 41, lng: 29, address: 'Moda' },
  mapCenter: null,
};
const same = { ...before };

describe('profileChanges', () => {
  it('sends nothing when nothing changed, blank bio included', () => {
    expect(profileChanges(before, { ...same, bio: '   ' })).toEqual({});
  });

  it('sends only what changed; a blank username clears it; a leading @ is dropped', () => {
    expect(profileChanges(before, { ...same, displayName: 'Ayşe K.' })).toEqual({ displayName: 'Ayşe K.' });
    expect(profileChanges(before, { ...same, username: '' })).toEqual({ username: null });
    expect(profileChanges(before, { ...same, username: '@ayse' })).toEqual({});
    expect(profileChanges(before, { ...same, username: '@zeynep' })).toEqual({ username: 'zeynep' });
  });

  it('sends city and district together, and the location as a whole', () => {
    expect(profileChanges(before, { ...same, district: 'Üsküdar' })).toEqual({
      city: 'İstanbul',
      district: 'Üsküdar',
    });
    expect(profileChanges(before, { ...same, exactLocation: null })).toEqual({ exactLocation: null });
    expect(profileChanges(before, { ...same, exactLocation: { lat: 40, lng: 29, address: null } })).toEqual({
      exactLocation: { lat: 40, lng: 29, address: null },
    });
  });
});
