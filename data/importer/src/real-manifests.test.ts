import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '@portal/db/testing';
import { loadCatalog, readCatalog } from './catalog.ts';
import { collectFacts, renderDataTable } from './data-table.ts';
import { importData } from './import-data.ts';
import { DATA_DIR, RAW_DIR, SOURCES_DIR } from './paths.ts';

const sources = readCatalog().rows.sources;
// Reads every manifest (failing on any problem) and extracts every file, as the import does.
const { facts, locations } = collectFacts(SOURCES_DIR, RAW_DIR, new Set(sources.map((s) => s.id)));
const extracted = facts.map(({ manifest, extraction }) => ({ manifest, result: extraction }));

describe('the shipped manifests (data/sources)', () => {
  it('all validate, name files under data/raw and sources of the catalogue', () => {
    expect(facts.length).toBeGreaterThanOrEqual(20);
  });

  it('are described truly by docs/data.md (npm run docs:data rewrites it)', () => {
    expect(readFileSync(join(DATA_DIR, '../docs/data.md'), 'utf8')).toBe(renderDataTable(facts, sources, locations));
  });

  // The rows each manifest is known to leave out, and why; any other reject fails.
  const expectedRejects: Record<string, RegExp> = {
    'wfp-retail-prices': /^(unknown location '(Meru North|Moyale|Ijara)'|no location) \(column 'admin2'/,
    'aquastat-kenya-dams': /^left out: (Owen Falls is listed under Kenya|no year completed)/,
    'eia-electricity-capacity-generation': /^left out: the value 'se\|1' carries a flag/,
    'wri-gppd-kenya-plants-under-development': /^left out: no commissioning year/,
  };

  it('each yields observations from its file, with rejects only where expected', () => {
    for (const { manifest, result } of extracted) {
      expect(result.observations.length, manifest.id).toBeGreaterThan(0);
      const expected = expectedRejects[manifest.id];
      if (expected) for (const reject of result.rejects) expect(reject.reason, manifest.id).toMatch(expected);
      else expect(result.rejects, manifest.id).toEqual([]);
    }
  });

  it('give real timeseries to at least 27 of the 32 sector sources', () => {
    const covered = new Set<string>();
    for (const { manifest, result } of extracted) {
      const used = new Set(result.observations.map((o) => o.variable));
      manifest.variables.forEach((v, i) => used.has(i) && v.sources.forEach((s) => covered.add(s)));
    }
    covered.delete('climate/historical-climate');
    expect(covered.size).toBeGreaterThanOrEqual(27);
  });

  it("give 'Electricity access' for Kenya and the 47 counties from the 2019 census", () => {
    const { manifest, result } = extracted.find((e) => e.manifest.id === 'census-2019-lighting')!;
    const index = manifest.variables.findIndex((v) => v.name === 'Electricity access');
    const places = result.observations.filter((o) => o.variable === index).map((o) => o.location);
    expect(places).toHaveLength(48);
    expect(new Set(places)).toEqual(new Set(locations.all.filter((l) => l.kind === 'country' || l.kind === 'county').map((l) => l.name)));
  });

  it('load into SQLite in seconds, and a second run changes nothing', async () => {
    const handle = await openTestDatabase('sqlite');
    try {
      await loadCatalog(handle.db);
      const first = await importData(handle.db);
      expect(first.outcomes.filter((o) => o.status !== 'loaded')).toEqual([]);
      expect(first.ms).toBeLessThan(30_000);
      const second = await importData(handle.db);
      expect(second.outcomes.every((o) => o.status === 'unchanged')).toBe(true);
    } finally {
      await handle.cleanup();
    }
  });
});
