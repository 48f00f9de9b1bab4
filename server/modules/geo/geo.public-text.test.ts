import { describe, expect, it } from 'vitest';
import { contradictingPlaceName, placeNamesIn } from './geo.public-text.ts';

const MODA = { lat: 40.9813, lng: 29.0256 };
const TAKSIM = { lat: 41.0369, lng: 28.985 };
const CORLU = { lat: 41.159, lng: 27.8 };
const KIZILAY = { lat: 39.9208, lng: 32.8541 };
const ZORLU = { lat: 41.0672, lng: 29.0173 };
const BAGDAT_CADDESI = { lat: 40.9572, lng: 29.0953 };

const check = (text: string, p: { lat: number; lng: number }) => contradictingPlaceName(text, p.lat, p.lng);

describe('placeNamesIn', () => {
  it('reads parts made of district and province names only', () => {
    expect(placeNamesIn('Kadıköy, İstanbul').map((n) => n.name)).toEqual(['Kadıköy', 'İstanbul']);
    expect(placeNamesIn('KADIKÖY İSTANBUL').map((n) => n.name)).toEqual(['Kadıköy', 'İstanbul']);
    expect(placeNamesIn("Kadıköy'de / Istanbul").map((n) => n.name)).toEqual(['Kadıköy', 'İstanbul']);
    expect(placeNamesIn('19 Mayıs, Samsun').map((n) => n.name)).toEqual(['19 Mayıs', 'Samsun']);
  });

  it('leaves free text alone: a part with any other word names nothing', () => {
    expect(placeNamesIn('Moda sahili')).toEqual([]);
    expect(placeNamesIn('Zorlu Center')).toEqual([]);
    expect(placeNamesIn('Bahçe kafe, Moda').map((n) => n.name)).toEqual([]);
    expect(placeNamesIn('Bahçe kafe, Kadıköy').map((n) => n.name)).toEqual(['Kadıköy']);
  });
});

describe('contradictingPlaceName', () => {
  it('accepts the district and province around the point', () => {
    expect(check('Kadıköy, İstanbul', MODA)).toBeNull();
    expect(check('Kadıköy', BAGDAT_CADDESI)).toBeNull();
    expect(check('Beyoğlu, İstanbul', TAKSIM)).toBeNull();
    expect(check('Beşiktaş, İstanbul', ZORLU)).toBeNull();
    expect(check('Çankaya, Ankara', KIZILAY)).toBeNull();
    expect(check('Çorlu, Tekirdağ', CORLU)).toBeNull();
  });

  it('accepts a neighbouring district a few km away', () => {
    expect(check('Şişli, İstanbul', TAKSIM)).toBeNull();
  });

  it('accepts text that names no district or province', () => {
    expect(check('Moda sahili', KIZILAY)).toBeNull();
    expect(check('Zorlu Center', CORLU)).toBeNull();
  });

  it('names the district that is far from the point', () => {
    // Issue 27: "Zorlu Center" moved the point to Çorlu while the text said Kadıköy.
    expect(check('Kadıköy, İstanbul', CORLU)).toBe('Kadıköy');
    // "Taksim" after a right-click at Moda: the point moved across the Bosphorus, the text did not.
    expect(check('Kadıköy, İstanbul', TAKSIM)).toBe('Kadıköy');
    expect(check('Çankaya', MODA)).toBe('Çankaya');
  });

  it('names a province that does not contain the point', () => {
    expect(check('İstanbul', KIZILAY)).toBe('İstanbul');
    expect(check('Moda, Ankara', MODA)).toBe('Ankara');
  });

  it('accepts a name shared by several districts when any of them fits', () => {
    // Bilecik's central district is "Merkez", like 50 others.
    expect(check('Merkez, Bilecik', { lat: 40.1426, lng: 29.9793 })).toBeNull();
    expect(check('Merkez, Bilecik', KIZILAY)).toBe('Merkez');
  });
});
