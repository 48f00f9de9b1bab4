// Part of `npm run build:client`: renders the first screens (app/FirstScreen.tsx) to HTML in each
// language, into dist/client/first-screen/<name>.<locale>.html: the physical dashboard's, which the
// server puts into index.html for a signed-in device, and the sign-in page's (with and without Google),
// for a device that is not (server/app/spa-first-screen.ts, ADR 050).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LoginFirstScreen, PhysicalFirstScreen } from '#client/app/FirstScreen.tsx';
import { loadCatalogue } from '#client/lib/i18n/catalogue.ts';
import { createFormatter, LOCALES } from '#client/lib/i18n/format.ts';
import { createTranslator, I18nContext } from '#client/lib/i18n/I18nProvider.tsx';
import { storeLocale } from '#client/lib/i18n/locale.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', '..', 'dist', 'client', 'first-screen');
fs.mkdirSync(out, { recursive: true });

for (const locale of LOCALES) {
  // The boot texts ('Yükleniyor') follow the active language, as in the browser.
  storeLocale(locale, { fromAccount: true });
  const catalogue = await loadCatalogue(locale);
  const i18n = {
    locale,
    setLocale: () => undefined,
    t: createTranslator(catalogue, locale),
    fmt: createFormatter(locale),
  };
  const screens = {
    physical: ['/dashboard/physical', <PhysicalFirstScreen />],
    login: ['/login', <LoginFirstScreen google={false} />],
    'login-google': ['/login', <LoginFirstScreen google />],
  } as const;
  for (const [name, [location, screen]] of Object.entries(screens)) {
    const html = renderToStaticMarkup(
      <StaticRouter location={location}>
        <I18nContext value={i18n}>{screen}</I18nContext>
      </StaticRouter>,
    );
    fs.writeFileSync(path.join(out, `${name}.${locale}.html`), html);
  }
}
console.log(`first screens written to ${path.relative(process.cwd(), out)}`);
