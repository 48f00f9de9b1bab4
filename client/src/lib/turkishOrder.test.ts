import { describe, expect, it } from 'vitest';
import { sortByTurkishName } from '#client/lib/turkishOrder.ts';

// The 81 provinces by plate number, as the server lists them.
const BY_PLATE = [
  'Adana',
  'Adıyaman',
  'Afyonkarahisar',
  'Ağrı',
  'Amasya',
  'Ankara',
  'Antalya',
  'Artvin',
  'Aydın',
  'Balıkesir',
  'Bilecik',
  'Bingöl',
  'Bitlis',
  'Bolu',
  'Burdur',
  'Bursa',
  'Çanakkale',
  'Çankırı',
  'Çorum',
  'Denizli',
  'Diyarbakır',
  'Edirne',
  'Elazığ',
  'Erzincan',
  'Erzurum',
  'Eskişehir',
  'Gaziantep',
  'Giresun',
  'Gümüşhane',
  'Hakkari',
  'Hatay',
  'Isparta',
  'Mersin',
  'İstanbul',
  'İzmir',
  'Kars',
  'Kastamonu',
  'Kayseri',
  'Kırklareli',
  'Kırşehir',
  'Kocaeli',
  'Konya',
  'Kütahya',
  'Malatya',
  'Manisa',
  'Kahramanmaraş',
  'Mardin',
  'Muğla',
  'Muş',
  'Nevşehir',
  'Niğde',
  'Ordu',
  'Rize',
  'Sakarya',
  'Samsun',
  'Siirt',
  'Sinop',
  'Sivas',
  'Tekirdağ',
  'Tokat',
  'Trabzon',
  'Tunceli',
  'Şanlıurfa',
  'Uşak',
  'Van',
  'Yozgat',
  'Zonguldak',
  'Aksaray',
  'Bayburt',
  'Karaman',
  'Kırıkkale',
  'Batman',
  'Şırnak',
  'Bartın',
  'Ardahan',
  'Iğdır',
  'Yalova',
  'Karabük',
  'Kilis',
  'Osmaniye',
  'Düzce',
];

describe('sortByTurkishName', () => {
  const sorted = sortByTurkishName(BY_PLATE.map((name, i) => ({ name, code: i + 1 }))).map((p) => p.name);
  const after = (a: string, b: string) => sorted.indexOf(a) > sorted.indexOf(b);

  it('keeps all 81 and starts as a Turkish reader expects', () => {
    expect(sorted).toHaveLength(81);
    expect(sorted.slice(0, 6)).toEqual(['Adana', 'Adıyaman', 'Afyonkarahisar', 'Ağrı', 'Aksaray', 'Amasya']);
    expect(sorted.at(-1)).toBe('Zonguldak');
  });

  it('puts the Turkish letters in their places, not by plate or by code point', () => {
    expect(sorted.slice(sorted.indexOf('Burdur'), sorted.indexOf('Burdur') + 3)).toEqual([
      'Burdur',
      'Bursa',
      'Çanakkale',
    ]);
    // I (dotless) before İ: Iğdır, Isparta, then İstanbul, İzmir; then K.
    expect(sorted.slice(sorted.indexOf('Iğdır'), sorted.indexOf('Iğdır') + 5)).toEqual([
      'Iğdır',
      'Isparta',
      'İstanbul',
      'İzmir',
      'Kahramanmaraş',
    ]);
    expect(sorted.slice(sorted.indexOf('Sivas'), sorted.indexOf('Sivas') + 3)).toEqual([
      'Sivas',
      'Şanlıurfa',
      'Şırnak',
    ]);
    expect(after('Gaziantep', 'Elazığ')).toBe(true);
    expect(after('Uşak', 'Tunceli')).toBe(true);
    expect(after('Ordu', 'Niğde')).toBe(true);
    expect(after('Kırıkkale', 'Kilis')).toBe(false);
  });
});
