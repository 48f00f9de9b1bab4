import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '#client/lib/i18n/messages.en.ts';
import { tr } from '#client/lib/i18n/messages.tr.ts';
import { catalogueAsJson } from './catalogue-as-json.ts';

const file = (name: string) => fileURLToPath(new URL(`../src/lib/i18n/messages.${name}.ts`, import.meta.url));

// The module the build gets instead of a catalogue, evaluated: the same texts under the same keys.
async function built(name: 'tr' | 'en'): Promise<unknown> {
  const plugin = catalogueAsJson();
  const load = plugin.load as (this: unknown, id: string) => Promise<string | null>;
  const code = await load.call({ warn: (message: string) => expect.fail(message) }, file(name));
  expect(code).toMatch(new RegExp(`^export const ${name} = JSON\\.parse\\(`));
  // The argument is a JSON string literal of the catalogue's JSON.
  const literal = code!.slice(`export const ${name} = JSON.parse(`.length).replace(/\);\s*$/, '');
  return JSON.parse(JSON.parse(literal) as string);
}

describe('catalogues as JSON in the build', () => {
  it('gives each language its catalogue as JSON.parse of one string, text for text', async () => {
    expect(await built('tr')).toEqual(tr);
    expect(await built('en')).toEqual(en);
  });

  it('leaves every other module to the bundler', async () => {
    const load = catalogueAsJson().load as (this: unknown, id: string) => Promise<string | null>;
    expect(await load.call({}, file('events.tr'))).toBeNull();
    expect(await load.call({}, fileURLToPath(new URL('./catalogue-as-json.ts', import.meta.url)))).toBeNull();
  });
});
