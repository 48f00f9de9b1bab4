// `npm run icons`: the app's install icons from the logo (client/scripts/logo.svg) into
// client/public/icons (committed): 192 and 512 px, a maskable 512 px (the mark inside the 80 % safe
// zone on the app's background colour) and the 180 px apple-touch icon (opaque, square).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'public', 'icons');
const svg = fs.readFileSync(path.join(here, 'logo.svg'));
// The dark palette's page colour (client/src/app/styles.css --color-ink-900).
const BACKGROUND = '#0b0614';

const render = (size: number) => sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size);

// The mark drawn at `scale` of a square of `size` on the background colour.
async function onBackground(size: number, scale: number): Promise<Buffer> {
  const inner = Math.round(size * scale);
  const mark = await render(inner).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: BACKGROUND } })
    .composite([{ input: mark, gravity: 'center' }])
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

fs.mkdirSync(out, { recursive: true });
const files: [string, Promise<Buffer>][] = [
  ['icon-192.png', render(192).png({ compressionLevel: 9 }).toBuffer()],
  ['icon-512.png', render(512).png({ compressionLevel: 9 }).toBuffer()],
  ['icon-maskable-512.png', onBackground(512, 0.7)],
  ['apple-touch-icon.png', onBackground(180, 0.86)],
];
for (const [name, data] of files) {
  fs.writeFileSync(path.join(out, name), await data);
  console.log(`client/public/icons/${name}`);
}
fs.copyFileSync(path.join(here, 'logo.svg'), path.join(out, 'icon.svg'));
console.log('client/public/icons/icon.svg');
