import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

// The message catalogues as JSON.parse of one string in the built app (ADR 050, round 5). A catalogue
// chunk is an object literal of about 1,400 texts, and evaluating it was one of the boot's long tasks
// on a phone (the chunk of the active language is read before the first render): V8 reads JSON
// several times faster than the same object written as JavaScript (in Node: 47 ms against 3 ms for
// the Turkish catalogue). The catalogues stay TypeScript in the sources (their keys are the
// MessageKey type); at build time the module is run and its value written out as JSON. Running a
// .ts module needs Node's type stripping (Node 22.18 / 23.6 and newer); on an older Node the
// catalogue is bundled as written, which works the same, only slower to start.
const CATALOGUE = /[\\/]lib[\\/]i18n[\\/]messages\.(tr|en)\.ts$/;

export function catalogueAsJson(): Plugin {
  return {
    name: 'squad-catalogue-as-json',
    apply: 'build',
    async load(id) {
      const match = CATALOGUE.exec(id);
      if (!match) return null;
      const name = match[1];
      let value: unknown;
      try {
        const module = (await import(pathToFileURL(id).href)) as Record<string, unknown>;
        value = module[name];
      } catch (error) {
        this.warn(`catalogue ${name} bundled as written (${String(error).split('\n')[0]})`);
        return null;
      }
      if (!value || typeof value !== 'object') return null;
      return `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
    },
  };
}
