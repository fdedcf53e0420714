// Draws the web app's install icons from its favicon (run again only when the logo changes):
// node scripts/web-icons.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ROOT } from './lib/setup.mjs';

const publicDir = join(ROOT, 'apps/web/public');
const logo = readFileSync(join(publicDir, 'favicon.svg'));
const draw = (size) => sharp(logo, { density: (72 * size) / 64 }).resize(size, size);

for (const size of [192, 512])
  await draw(size)
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, `icons/icon-${size}.png`));

// A maskable icon fills its square and may be cut to any shape inside the middle 80%, so the logo
// sits in the middle 60% on white.
const inset = Math.round(512 * 0.2);
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#ffffff' } })
  .composite([{ input: await draw(512 - 2 * inset).toBuffer(), top: inset, left: inset }])
  .png({ compressionLevel: 9 })
  .toFile(join(publicDir, 'icons/maskable-512.png'));
