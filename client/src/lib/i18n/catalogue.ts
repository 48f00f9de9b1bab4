import type { Locale } from '#client/lib/i18n/format.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

// Only the active language's messages are sent: each catalogue is its own chunk, loaded at boot (in
// parallel with the runtime config) and when the user switches.
export type Catalogue = Readonly<Record<MessageKey, string>>;

const loaded = new Map<Locale, Catalogue>();

export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const hit = loaded.get(locale);
  if (hit) return Promise.resolve(hit);
  const load: Promise<Catalogue> =
    locale === 'en'
      ? import('#client/lib/i18n/messages.en.ts').then((m) => m.en)
      : import('#client/lib/i18n/messages.tr.ts').then((m) => m.tr);
  return load.then((catalogue) => {
    loaded.set(locale, catalogue);
    return catalogue;
  });
}
