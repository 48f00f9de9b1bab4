import { describe, expect, it } from 'vitest';
import { foldPlaceText, namesPlace } from '#client/features/map/placeSearch.ts';

describe('namesPlace', () => {
  it('folds Turkish text', () => {
    expect(foldPlaceText('KIZILAY')).toBe('kizilay');
    expect(foldPlaceText('İstiklal Caddesi')).toBe('istiklalcaddesi');
    expect(foldPlaceText("Kadıköy'de")).toBe('kadikoy');
  });

  it('accepts the place the user typed', () => {
    expect(namesPlace('Moda', 'Moda')).toBe(true);
    expect(namesPlace('moda kadikoy', 'Moda')).toBe(true);
    expect(namesPlace('Moda, Kadıköy', 'Moda')).toBe(true);
    expect(namesPlace('taksim', 'Taksim Meydanı')).toBe(true);
    expect(namesPlace('KIZILAY', 'Kızılay')).toBe(true);
  });

  it('refuses guesses and too little text', () => {
    expect(namesPlace('halı saha', 'Halıca')).toBe(false);
    expect(namesPlace('kahve', 'Kâhta')).toBe(false);
    expect(namesPlace('mo', 'Moda')).toBe(false);
    expect(namesPlace('halı saha', 'Halis')).toBe(false);
    expect(namesPlace('modalı kahve', 'Moda')).toBe(false);
  });
});
