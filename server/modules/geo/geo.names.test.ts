// Issue 27 point 3: the names people type (ADR 071). Exact names and short forms before typos of a
// common word, the biased city's place before a same-named one far away, and what the embedded
// sources cannot know found nowhere rather than somewhere wrong.
import { describe, expect, it } from 'vitest';
import { sharedBuiltinGeocoder } from './geo.builtin.ts';
import { loadGazetteer } from './geo.gazetteer.ts';
import type { LatLng } from './geo.types.ts';

const geocoder = sharedBuiltinGeocoder(loadGazetteer());
const ISTANBUL: LatLng = { lat: 41.0082, lng: 28.9784 };
const ANKARA: LatLng = { lat: 39.92, lng: 32.85 };
const SILOPI: LatLng = { lat: 37.25, lng: 42.47 };
const MUGLA: LatLng = { lat: 37.21, lng: 28.36 };

const search = (text: string, near?: LatLng, limit = 5) => geocoder.searchSync(text, { limit, near });
const first = (text: string, near?: LatLng) => search(text, near)[0];

describe('the names people type (issue 27.3)', () => {
  it('finds a venue by its exact name before typos of a common word ("Akmerkez" is no "Merkez")', () => {
    const found = search('Akmerkez', ISTANBUL);
    expect(found[0]).toMatchObject({
      name: 'Akmerkez',
      kind: 'landmark',
      address: 'Akmerkez, Beşiktaş, İstanbul',
    });
    expect(found.map((p) => p.name)).not.toContain('Merkez');
    // Two edits never include the first letter, whatever the text names.
    expect(search('akmerkezz').map((p) => p.name)).not.toContain('Merkez');
    // "Merkez" itself still finds the central districts.
    expect(search('Merkez', ISTANBUL).every((p) => p.name === 'Merkez' && p.kind === 'district')).toBe(true);
  });

  it('puts the biased city’s neighbourhood above a same-named place 1,000 km away', () => {
    expect(search('Bostancı', ISTANBUL).map((p) => p.address)).toEqual([
      'Bostancı, Kadıköy, İstanbul',
      'Bostancı, Silopi, Şırnak',
    ]);
    expect(first('bostanci')).toMatchObject({ district: 'Kadıköy' });
    expect(first('Bostancı', SILOPI)).toMatchObject({ district: 'Silopi', province: 'Şırnak' });
    // A local quarter before a district of the same name elsewhere; without a local one, the district.
    expect(first('Kavaklıdere', ANKARA)).toMatchObject({ district: 'Çankaya', kind: 'town' });
    expect(first('Kavaklıdere', MUGLA)).toMatchObject({ name: 'Kavaklıdere', kind: 'district' });
    expect(first('Kavaklıdere', ISTANBUL)).toMatchObject({ province: 'Muğla', kind: 'district' });
  });

  it('finds landmarks, universities and squares by their names and short forms', () => {
    for (const typed of ['Galata Kulesi', 'galata kulesi', 'GALATA KULESİ', 'Galata Tower', 'galata']) {
      expect(first(typed, ISTANBUL), typed).toMatchObject({
        name: 'Galata Kulesi',
        kind: 'landmark',
        district: 'Beyoğlu',
        province: 'İstanbul',
      });
    }
    for (const typed of ['ODTÜ', 'odtu', 'METU', 'Orta Doğu Teknik Üniversitesi', 'orta dogu teknik']) {
      expect(first(typed, ISTANBUL), typed).toMatchObject({
        name: 'Orta Doğu Teknik Üniversitesi',
        kind: 'landmark',
        address: 'Orta Doğu Teknik Üniversitesi, Çankaya, Ankara',
      });
    }
    expect(first('Taksim')).toMatchObject({ name: 'Taksim Meydanı', district: 'Beyoğlu' });
    expect(first('Eminönü')).toMatchObject({ name: 'Eminönü', district: 'Fatih' });
    expect(first('Caddebostan')).toMatchObject({ district: 'Kadıköy', kind: 'neighbourhood' });
  });

  it('answers nothing rather than something wrong for venues its sources cannot know', () => {
    // Zorlu Center and Caferağa have no coordinate in any licensed source the gazetteer is built
    // from: the production geocoder (GEOCODER_URL) finds them. "Zorlu" is no typo of Çorlu.
    expect(search('Zorlu Center', ISTANBUL)).toEqual([]);
    expect(search('Zorlu', ISTANBUL).map((p) => p.name)).not.toContain('Çorlu');
    expect(search('Caferağa', ISTANBUL)).toEqual([]);
  });

  it('still tolerates typos after the first letter, and reads extra words around a known name', () => {
    expect(first('kadikoi')).toMatchObject({ name: 'Kadıköy', kind: 'district' });
    expect(first('kadikoi istanbul')).toMatchObject({ name: 'Kadıköy', province: 'İstanbul' });
    expect(first('galata kulsi')).toMatchObject({ name: 'Galata Kulesi' });
    expect(first('moda sahili')).toMatchObject({ name: 'Moda', district: 'Kadıköy' });
  });
});
