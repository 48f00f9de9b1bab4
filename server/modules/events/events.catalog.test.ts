import { describe, expect, it } from 'vitest';
import { CATEGORY_ROWS } from './events.catalog.data.ts';
import { gameTypeOf, legacy, platformsOn, TAGS, tagsFor } from './events.catalog.ts';

describe('the events catalogue', () => {
  it('turns devices into the platforms that run on them, without duplicates', () => {
    expect(platformsOn(['playstation', 'xbox'])).toEqual(['minecraft', 'other']);
    expect(platformsOn(['pc'])).toContain('valorant');
    expect(platformsOn(['mobile'])).toEqual(['among-us', 'minecraft', 'other']);
  });

  it('lists every category tag in the tag table, with both labels', () => {
    for (const category of CATEGORY_ROWS)
      for (const id of category.tags) {
        const tag = TAGS.get(id);
        expect(tag, `${category.id}/${id}`).toBeDefined();
        expect(tag!.label.tr.length * tag!.label.en.length).toBeGreaterThan(0);
      }
    expect(tagsFor('physical').has('valorant')).toBe(false);
    expect(tagsFor('online').has('ranked')).toBe(true);
  });

  it('maps the spec’s legacy strings to ids and back', () => {
    expect(legacy.categoryId('Kutu Oyunları & Klasikler')).toBe('board-games');
    expect(legacy.tagId('Halı Saha')).toBe('hali-saha');
    // 'Casual' reads 'Gündelik' on Turkish screens now; clients that stored the old name still map.
    expect(legacy.tagId('Gündelik')).toBe('casual');
    expect(legacy.tagId('Casual')).toBe('casual');
    expect(legacy.tag('casual')).toBe('Gündelik');
    expect(legacy.platformId('Other')).toBe('other');
    expect(legacy.durationMinutes('1.5 saat')).toBe(90);
    expect(legacy.category('food')).toBe('Yeme & İçme');
    expect(legacy.platform('cs2')).toBe('CS2');
    expect(legacy.categoryId('Uzay')).toBe('Uzay');
  });

  it('derives the lobby genre from the game tag, else the platform', () => {
    expect(gameTypeOf(['ranked', 'counter-strike-2'], null)).toBe('fps');
    expect(gameTypeOf(['casual'], 'among-us')).toBe('party');
    expect(gameTypeOf(['online-sohbet'], 'discord')).toBeNull();
  });
});
