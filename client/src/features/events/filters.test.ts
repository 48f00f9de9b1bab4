import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_LOBBY_FILTERS,
  EMPTY_PHYSICAL_FILTERS,
  lobbyFilterVariables,
  physicalFilterVariables,
  toggle,
} from '#client/features/events/filters.ts';

const near = { lat: 41.0082, lng: 28.9784 };
const bounds = { south: 40.95, west: 28.9, north: 41.05, east: 29.1 };

describe('physical filters → EventFilter', () => {
  it('without filters sends only the mode, the centre and the visible area', () => {
    expect(physicalFilterVariables(EMPTY_PHYSICAL_FILTERS, { near, bounds })).toEqual({
      mode: 'PHYSICAL',
      near,
      bounds,
    });
  });
  it('leaves the area out until the map knows it', () => {
    expect(physicalFilterVariables(EMPTY_PHYSICAL_FILTERS, { near, bounds: null })).toEqual({
      mode: 'PHYSICAL',
      near,
    });
  });
  it('rounds coordinates to 5 decimals', () => {
    const filter = physicalFilterVariables(EMPTY_PHYSICAL_FILTERS, {
      near: { lat: 41.008212345, lng: 28.978449999 },
      bounds: null,
    });
    expect(filter.near).toEqual({ lat: 41.00821, lng: 28.97845 });
  });
  it('maps every panel field', () => {
    const filter = physicalFilterVariables(
      {
        search: '  kadıköy koşu ',
        category: 'Kutu Oyunları & Klasikler',
        radiusKm: 5,
        timeWindow: 'TODAY',
        skillLevels: ['BEGINNER', 'ADVANCED'],
        quick: ['FREE', 'STUDY_BUDDY'],
      },
      { near, bounds },
    );
    expect(filter).toEqual({
      mode: 'PHYSICAL',
      near,
      bounds,
      search: 'kadıköy koşu',
      category: 'Kutu Oyunları & Klasikler',
      radiusKm: 5,
      timeWindow: 'TODAY',
      skillLevels: ['BEGINNER', 'ADVANCED'],
      quick: ['FREE', 'STUDY_BUDDY'],
    });
  });
  it('drops a blank search', () => {
    expect(
      physicalFilterVariables({ ...EMPTY_PHYSICAL_FILTERS, search: '   ' }, { near, bounds }).search,
    ).toBe(undefined);
  });
});

describe('lobby filters → EventFilter', () => {
  it('without filters asks for online events only', () => {
    expect(lobbyFilterVariables(EMPTY_LOBBY_FILTERS)).toEqual({ mode: 'ONLINE' });
  });
  it('maps game type, skill, voice and the quick chips', () => {
    expect(
      lobbyFilterVariables({
        ...EMPTY_LOBBY_FILTERS,
        search: 'valo',
        gameType: 'FPS',
        skillLevels: ['PRO'],
        voiceChat: 'REQUIRED',
        quick: ['NOW_PLAYING', 'CHILL', 'BEGINNERS'],
      }),
    ).toEqual({
      mode: 'ONLINE',
      search: 'valo',
      gameType: 'FPS',
      skillLevels: ['PRO'],
      voiceChat: 'REQUIRED',
      quick: ['NOW_PLAYING', 'CHILL', 'BEGINNERS'],
    });
  });
  it('sends the devices; which platforms they run is the server’s rule', () => {
    const filter = lobbyFilterVariables({ ...EMPTY_LOBBY_FILTERS, devices: ['PLAYSTATION', 'XBOX'] });
    expect(filter.devices).toEqual(['PLAYSTATION', 'XBOX']);
    expect(filter.platforms).toBeUndefined();
  });
});

describe('helpers', () => {
  it('counts active filters without the search box', () => {
    expect(activeFilterCount(EMPTY_PHYSICAL_FILTERS)).toBe(0);
    expect(
      activeFilterCount({ ...EMPTY_PHYSICAL_FILTERS, search: 'x', radiusKm: 1, quick: ['FREE', 'SOON'] }),
    ).toBe(3);
  });
  it('toggles a value in a list', () => {
    expect(toggle(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggle(['A', 'B'], 'A')).toEqual(['B']);
  });
});
