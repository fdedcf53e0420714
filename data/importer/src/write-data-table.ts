import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCatalog } from './catalog.ts';
import { collectFacts, renderDataTable } from './data-table.ts';
import { DATA_DIR, RAW_DIR, SOURCES_DIR } from './paths.ts';

// npm run docs:data: rewrites docs/data.md from the manifests in data/sources.
const sources = readCatalog().rows.sources;
const { facts, locations } = collectFacts(SOURCES_DIR, RAW_DIR, new Set(sources.map((s) => s.id)));
const target = join(DATA_DIR, '../docs/data.md');
writeFileSync(target, renderDataTable(facts, sources, locations));
console.log(`wrote ${target}`);
