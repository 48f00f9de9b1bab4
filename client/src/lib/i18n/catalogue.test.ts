import { describe, expect, it } from 'vitest';
import { en } from '#client/lib/i18n/messages.en.ts';
import { tr } from '#client/lib/i18n/messages.tr.ts';
import { loadCatalogue } from '#client/lib/i18n/catalogue.ts';

// The parameters a text uses: `{name}` and plural forms' `{name, plural, …}`.
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]))].sort();

describe('the message catalogues', () => {
  it('have the same keys and the same placeholders in Turkish and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(tr).sort());
    for (const key of Object.keys(tr) as (keyof typeof tr)[])
      expect(placeholders(en[key]), key).toEqual(placeholders(tr[key]));
  });

  it('leave no English words of the old screens in Turkish', () => {
    const english =
      /\b(Loading|JOIN_GAME|My Events|Overview|Participants|Requests|Analytics|Requirements|Tags|Accept|Decline|Share|Beginner|Intermediate|Advanced|Competitive|Casual|Now Playing|upcoming|completed|cancelled|View Details|Back to Dashboard|Edit Event|Go Back)\b/;
    const found = Object.entries(tr).filter(([, text]) => english.test(text));
    expect(found).toEqual([]);
  });

  it('loads one language at a time, each once', async () => {
    const first = await loadCatalogue('en');
    expect(first['common.loading']).toBe('Loading...');
    expect(await loadCatalogue('en')).toBe(first);
    expect((await loadCatalogue('tr'))['common.loading']).toBe('Yükleniyor...');
  });
});
