// npm run bench: every benchmark under bench/, one after the other; each prints its own figures.
import { readdirSync } from 'node:fs';
import { ensureChromium, ensureDebianPackage, ensureDependencies, ensureWebBuild, ROOT, run } from './lib/setup.mjs';

ensureDependencies();
// The county map benchmark times the built page in Chromium.
ensureWebBuild();
ensureChromium();
// The layer benchmark compares the portal's rendering with MapServer's in the same run.
ensureDebianPackage('mapserver-bin', '/usr/bin/map2img', 'the layer rendering benchmark');
let failed = 0;
for (const file of readdirSync(new URL('../bench/', import.meta.url))
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  console.log(`\n### bench/${file}`);
  if (run('npx', ['tsx', `bench/${file}`], { cwd: ROOT }) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
