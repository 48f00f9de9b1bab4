import { describe, expect, it } from 'vitest';
import { createBuiltinGeocoder } from './geo.builtin.ts';
import { loadGazetteer } from './geo.gazetteer.ts';

const geocoder = createBuiltinGeocoder(loadGazetteer());
const search = (text: string, near?: { lat: number; lng: number }, limit = 5) =>
  geocoder.searchSync(text, { limit, near });
const first = (text: string, near?: { lat: number; lng: number }) => search(text, near)[0];

describe('built-in geocoder: search', () => {
  it('finds Kadıköy however it is typed', () => {
    for (const q of ['kadikoy', 'KADIKÖY', 'Kadıköy', 'kadıköy', 'KADIKOY', "Kadıköy'de"]) {
      expect(first(q)).toMatchObject({ name: 'Kadıköy', kind: 'district', province: 'İstanbul' });
    }
    expect(first('kadikoy').address).toBe('Kadıköy, İstanbul');
  });

  it('finds provinces with either I', () => {
    for (const q of ['ISTANBUL', 'istanbul', 'İstanbul']) {
      expect(first(q)).toMatchObject({ name: 'İstanbul', kind: 'province', address: 'İstanbul' });
    }
    for (const q of ['İzmir', 'izmir', 'IZMIR'])
      expect(first(q)).toMatchObject({ name: 'İzmir', kind: 'province' });
  });

  it('finds Çay (Afyonkarahisar) from "çay" and "cay"', () => {
    for (const q of ['çay', 'cay', 'ÇAY']) {
      expect(first(q)).toMatchObject({ name: 'Çay', province: 'Afyonkarahisar', kind: 'district' });
    }
  });

  it('completes prefixes while typing', () => {
    expect(first('kadık')).toMatchObject({ name: 'Kadıköy' });
    expect(first('ank')).toMatchObject({ name: 'Ankara', kind: 'province' });
    expect(first('mayis')).toMatchObject({ name: '19 Mayıs', province: 'Samsun' });
  });

  it('tolerates typos', () => {
    expect(first('kadikoi')).toMatchObject({ name: 'Kadıköy' });
    expect(first('esenyrt')).toMatchObject({ name: 'Esenyurt' });
    expect(first('eskisehr')).toMatchObject({ name: 'Eskişehir', kind: 'province' });
  });

  it('reads "place, area" input and falls back to the area for an unknown place', () => {
    expect(first('Merkez, Bilecik')).toMatchObject({ name: 'Merkez', province: 'Bilecik' });
    expect(first('Moda, Kadıköy')).toMatchObject({
      name: 'Moda',
      district: 'Kadıköy',
      kind: 'neighbourhood',
    });
    expect(first('Atlantis, Kadıköy')).toMatchObject({ name: 'Kadıköy', province: 'İstanbul' });
    expect(first('bilecik merkez')).toMatchObject({ name: 'Merkez', province: 'Bilecik' });
    expect(first('kadikoy istanbul')).toMatchObject({ name: 'Kadıköy', province: 'İstanbul' });
    expect(first('Nilüfer, Bursa, Türkiye')).toMatchObject({ name: 'Nilüfer', province: 'Bursa' });
  });

  it('ranks match quality, then importance, then distance to the bias point', () => {
    // Exact before prefix; province before district; typos only when nothing matches exactly.
    expect(search('kale').map((p) => p.name)).toEqual(['Kale', 'Kale', 'Kale', 'Kale', 'Kalecik']);
    expect(search('kale').map((p) => p.kind)).toEqual(['district', 'district', 'town', 'town', 'district']);
    expect(search('izmir').map((p) => p.name)).toEqual(['İzmir']);
    expect(first('izmt')).toMatchObject({ name: 'İzmit', province: 'Kocaeli' });
    // Equal matches go by distance: Istanbul by default, `near` when given.
    expect(first('Merkez').province).toBe('Yalova');
    expect(first('Merkez', { lat: 40.14, lng: 29.98 })).toMatchObject({ province: 'Bilecik' });
    expect(first('Merkez', { lat: 37.87, lng: 32.48 })).toMatchObject({ province: 'Karaman' });
    expect(first('Yenişehir').province).toBe('Bursa');
    expect(first('Yenişehir', { lat: 37.9, lng: 40.2 })).toMatchObject({ province: 'Diyarbakır' });
  });

  it('fills distanceKm only when near is given, and honours the limit', () => {
    expect(first('kadikoy').distanceKm).toBeNull();
    expect(first('kadikoy', { lat: 41.0082, lng: 28.9784 }).distanceKm).toBeCloseTo(5.3, 0);
    expect(search('k', undefined, 10)).toHaveLength(10);
    expect(search('!!!')).toEqual([]);
    expect(search('xqzw')).toEqual([]);
  });
});

describe('built-in geocoder: reverse', () => {
  it('names the neighbourhood within 2.5 km, else the nearest district seat or town', () => {
    expect(geocoder.reverseSync(40.98, 29.026)).toMatchObject({
      name: 'Moda',
      address: 'Moda, Kadıköy, İstanbul',
      kind: 'neighbourhood',
      province: 'İstanbul',
    });
    expect(geocoder.reverseSync(39.92, 32.85)).toMatchObject({ name: 'Kızılay', district: 'Çankaya' });
    // Landmarks are points on a street, never the answer to "what is here".
    expect(geocoder.reverseSync(41.0369, 28.985).kind).not.toBe('landmark');
    // Kadıköy's Fikirtepe side: no quarter within 2.5 km, so the district.
    expect(geocoder.reverseSync(40.995, 29.06)).toMatchObject({ name: 'Kadıköy', kind: 'district' });
    const town = geocoder.reverseSync(40.0, 31.0);
    expect(town.kind).toBe('town');
    expect(town.address).toBe(`${town.name}, ${town.district}, ${town.province}`);
  });

  it('falls back to the bare coordinate beyond 30 km', () => {
    // The middle of Lake Tuz.
    expect(geocoder.reverseSync(38.7, 33.3)).toEqual({
      name: '38.700000, 33.300000',
      address: null,
      lat: 38.7,
      lng: 33.3,
      kind: 'point',
      province: null,
      district: null,
      distanceKm: null,
    });
  });
});

describe('gazetteer outline', () => {
  const g = loadGazetteer();
  it('knows what is in Turkey', () => {
    expect(g.isInTurkey(41.0082, 28.9784)).toBe(true);
    expect(g.isInTurkey(40.98, 29.026)).toBe(true);
    expect(g.isInTurkey(39.9, 44.0)).toBe(true);
    expect(g.isInTurkey(37.98, 23.73)).toBe(false); // Athens
    expect(g.isInTurkey(36.2, 37.16)).toBe(false); // Aleppo
    expect(g.isInTurkey(41.72, 44.79)).toBe(false); // Tbilisi
    expect(g.isInTurkey(35.17, 33.36)).toBe(false); // Nicosia
    expect(g.isInTurkey(48.85, 2.35)).toBe(false);
  });
});
