import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import spdxLicenceIds from 'spdx-license-ids/index.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { openTemplateCopy } from '@portal/db/testing';
import { readCatalog } from './catalog.ts';
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

  it('each yields observations from its file, rejecting no row but those a manifest excludes', () => {
    for (const { manifest, result } of extracted) {
      expect(result.observations.length, manifest.id).toBeGreaterThan(0);
      expect(
        result.rejects.filter((r) => !r.reason.startsWith('left out: ')),
        manifest.id,
      ).toEqual([]);
    }
  });

  it('define every variable, give its code at the publisher, and say how every computed value was made', () => {
    for (const { manifest } of extracted) {
      for (const v of manifest.variables) {
        const where = `${manifest.id}: ${v.name}`;
        expect(v.definition, where).toBeTruthy();
        expect(v.code ?? manifest.code, where).toBeTruthy();
        if (v.aggregate || v.fillFrom) expect(v.derivation, where).toBeTruthy();
      }
    }
  });

  it("state each licence as settled from the publisher's terms, with its SPDX identifier or 'other'", () => {
    for (const { manifest } of extracted) {
      // 'No licence stated by the publisher' where it states none; never a note that it is still to check.
      expect(manifest.licence, manifest.id).not.toMatch(/verify/i);
      expect([...spdxLicenceIds, 'other'], manifest.id).toContain(manifest.licenceId);
    }
    const census = extracted.filter(({ manifest }) => manifest.publisher.includes('KNBS'));
    expect(census.length).toBeGreaterThan(20);
    for (const { manifest } of census) {
      expect(manifest.licence, manifest.id).toMatch(/^No licence stated by the publisher/);
      expect(manifest.licenceId, manifest.id).toBe('other');
    }
  });

  it('give each unit as a unit only, any doubt about it in the definition', () => {
    for (const { manifest } of extracted) {
      for (const v of manifest.variables)
        expect(v.unit, `${manifest.id}: ${v.name}`).not.toMatch(/verify|\?|;|uncertain|presumabl|probabl|may be/i);
    }
    // A unit the publisher does not state is the file's own, and the provenance says so.
    for (const id of ['geosemosys-kenya-costs-demand', 'faostat-fertilizer-nutrient-budget'])
      expect(extracted.find(({ manifest }) => manifest.id === id)?.manifest.notes, id).toMatch(
        /unit as read from the file/i,
      );
  });

  it('write each unit in one spelling', () => {
    // The publisher's own wording belongs in the definition ('published in sq. km').
    const other: [RegExp, string][] = [
      [/sq\.? ?km|\bkm2\b|square k/i, 'km²'],
      [/\bdeg ?C\b|\boC\b|degrees? C/i, '°C'],
      [/cubic met/i, 'm³'],
      [/hectare/i, 'ha'],
      [/metric ton|tonne/i, 't'],
      [/\bKG\b|kilogram/, 'kg'],
      [/\b(ML|G)\b/, 'mL, g'],
      [/CO2eq/, 'CO2e'],
      [/\bpeople\b/, 'persons'],
      [/\/capita/, 'per capita'],
      [/\blabor\b/, 'labour'],
      [/\bages\b|\d\+/, 'aged ... and above'],
    ];
    for (const { manifest } of extracted) {
      for (const v of manifest.variables) {
        for (const [pattern, spelling] of other)
          expect(v.unit, `${manifest.id}: ${v.name}: write ${spelling}`).not.toMatch(pattern);
      }
    }
  });

  it('give real timeseries to at least 28 of the 32 sector sources', () => {
    const covered = new Set<string>();
    for (const { manifest, result } of extracted) {
      const used = new Set(result.observations.map((o) => o.variable));
      manifest.variables.forEach((v, i) => used.has(i) && v.sources.forEach((s) => covered.add(s)));
    }
    covered.delete('climate/historical-climate');
    expect(covered.size).toBeGreaterThanOrEqual(28);
  });

  it("give 'Electricity access' for Kenya and the 47 counties from the 2019 census", () => {
    const { manifest, result } = extracted.find((e) => e.manifest.id === 'census-2019-lighting')!;
    const index = manifest.variables.findIndex((v) => v.name === 'Electricity access');
    const places = result.observations.filter((o) => o.variable === index).map((o) => o.location);
    expect(places).toHaveLength(48);
    expect(new Set(places)).toEqual(
      new Set(locations.all.filter((l) => l.kind === 'country' || l.kind === 'county').map((l) => l.name)),
    );
  });

  // The first run is the run's data template, which the global setup (test/template-databases.ts) loads
  // with importData from the catalogue template, as here: loading everything again would take most of
  // this file's time. A dataset that failed there is missing, and a second run would load it again.
  it('load into SQLite, and a second run changes nothing', { timeout: 120_000 }, async () => {
    const ids = facts.map(({ manifest }) => manifest.id).sort();
    const handle = await openTemplateCopy('sqlite', 'data');
    try {
      const loaded = await handle.db.selectFrom('datasets').select('id').execute();
      expect(loaded.map((d) => d.id).sort()).toEqual(ids);
      const second = await importData(handle.db);
      expect(second.outcomes.map((o) => o.id).sort()).toEqual(ids);
      expect(second.outcomes.filter((o) => o.status !== 'unchanged')).toEqual([]);
    } finally {
      await handle.cleanup();
    }
  });
});
