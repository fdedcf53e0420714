// npm run bench: every benchmark under bench/, one after the other; each prints its own figures.
// npm run bench -- load counties: only those (bench/load.ts, bench/counties.ts).
import { readdirSync } from 'node:fs';
import {
  ensureChromium,
  ensureDebianPackage,
  ensureDependencies,
  ensureNginx,
  ensureWebBuild,
  ROOT,
  run,
} from './lib/setup.mjs';

const names = process.argv.slice(2);
const files = readdirSync(new URL('../bench/', import.meta.url))
  .filter((f) => f.endsWith('.ts') && (!names.length || names.includes(f.slice(0, -'.ts'.length))))
  .sort();
if (!files.length) throw new Error(`no benchmark named ${names.join(', ')} under bench/`);
ensureDependencies();
// Several benchmarks time the built pages in Chromium; the load benchmark asks for the landing page.
ensureWebBuild();
ensureChromium();
// The layer benchmark compares the portal's rendering with MapServer's in the same run.
if (files.includes('layer-render.ts'))
  ensureDebianPackage('mapserver-bin', '/usr/bin/map2img', 'the layer rendering benchmark');
// The page benchmark measures the pages through nginx over TLS and HTTP/2, as visitors get them.
if (files.includes('pages.ts')) ensureNginx();
let failed = 0;
for (const file of files) {
  console.log(`\n### bench/${file}`);
  if (run('npx', ['tsx', `bench/${file}`], { cwd: ROOT }) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
