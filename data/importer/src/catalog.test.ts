import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogError, readCatalog } from './catalog.ts';
import { CATALOG_DIR } from './paths.ts';

const sectorsFile = JSON.parse(readFileSync(join(CATALOG_DIR, 'sectors.json'), 'utf8')) as {
  slug: string;
  sources: { slug: string }[];
}[];
const copies: string[] = [];

/** A copy of the real catalogue with one file changed by `edit`. */
function catalogWith(file: string, edit: (data: any) => unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
  copies.push(dir);
  cpSync(CATALOG_DIR, dir, { recursive: true });
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  writeFileSync(join(dir, file), JSON.stringify(edit(data) ?? data));
  return dir;
}

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readCatalog', () => {
  it('turns the shipped files into rows for five sectors, their sources and seven partners', () => {
    const { rows, checksum } = readCatalog();
    expect(rows.sectors.map((s) => s.slug)).toEqual(['agriculture', 'water', 'energy', 'macro-economics', 'climate']);
    expect(rows.sources).toHaveLength(sectorsFile.flatMap((s) => s.sources).length);
    expect(rows.sources.filter((s) => s.sector_slug === 'water')).toHaveLength(9);
    expect(rows.partners).toHaveLength(7);
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps water's ecosystem quirk: its external pages use 'ecosystems'", () => {
    const ecosystem = readCatalog().rows.sources.find((s) => s.id === 'water/ecosystem');
    expect(ecosystem).toMatchObject({ slug: 'ecosystem', external_slug: 'ecosystems' });
  });

  it('lists the overview-only source but keeps it off the sector landing', () => {
    const historical = readCatalog().rows.sources.find((s) => s.id === 'climate/historical-climate');
    expect(historical?.in_sector_list).toBe(0);
  });

  it('refuses a layer that names an unknown source, saying which', () => {
    const dir = catalogWith('layers.json', (layers) => {
      layers[0].sources.push('energy/nowhere');
    });
    expect(() => readCatalog(dir)).toThrow(/names unknown source 'energy\/nowhere'/);
  });

  it("refuses layer names that would break URLs and menus ('_' and '(')", () => {
    const dir = catalogWith('layers.json', (layers) => {
      layers[0].name = 'Power_Stations(sh)';
    });
    expect(() => readCatalog(dir)).toThrow(CatalogError);
  });

  it('refuses a layer whose file is not shipped', () => {
    const dir = catalogWith('layers.json', (layers) => {
      layers[0].file = 'layers/missing.geojson';
    });
    expect(() => readCatalog(dir)).toThrow(/file 'layers\/missing.geojson'/);
  });

  it('refuses styles that do not suit the kind of layer, or malformed colours', () => {
    const rasterFill = catalogWith('layers.json', (layers) => {
      layers.find((l: { kind: string }) => l.kind === 'raster').style = {
        type: 'fill',
        fill: '#ff0000',
        stroke: '#ff0000',
      };
    });
    expect(() => readCatalog(rasterFill)).toThrow(/a raster layer needs a 'ramp' or 'categories' style/);
    const vectorRamp = catalogWith('layers.json', (layers) => {
      layers.find((l: { kind: string }) => l.kind === 'vector').style = {
        type: 'ramp',
        unit: '%',
        stops: [
          [0, '#000000'],
          [1, '#ffffff'],
        ],
      };
    });
    expect(() => readCatalog(vectorRamp)).toThrow(/needs the 'property' it colours by/);
    const rasterByProperty = catalogWith('layers.json', (layers) => {
      layers.find((l: { kind: string }) => l.kind === 'raster').style = {
        type: 'categories',
        property: 'class',
        categories: [{ value: 1, colour: '#000000', label: 'x' }],
      };
    });
    expect(() => readCatalog(rasterByProperty)).toThrow(/a raster categories style takes no 'property'/);
    const textClassesWithoutProperty = catalogWith('layers.json', (layers) => {
      layers.find((l: { kind: string }) => l.kind === 'vector').style = {
        type: 'categories',
        categories: [{ value: 'proposed', colour: '#000000', label: 'Proposed' }],
      };
    });
    expect(() => readCatalog(textClassesWithoutProperty)).toThrow(/text category values need the feature 'property'/);
    const badColour = catalogWith('layers.json', (layers) => {
      layers[0].style = { type: 'fill', fill: 'red"/><script>', stroke: '#000000' };
    });
    expect(() => readCatalog(badColour)).toThrow(/#rrggbb/);
  });

  it('refuses external links of an unknown source and bad URLs, naming the file', () => {
    expect(() =>
      readCatalog(catalogWith('external-links.json', (links) => ({ ...links, 'water/oceans': [] }))),
    ).toThrow(/unknown source 'water\/oceans'/);
    const badUrl = catalogWith('external-links.json', (links) => {
      Object.values(links as Record<string, { url: string }[]>).find((list) => list.length)![0].url = 'not a url';
    });
    expect(() => readCatalog(badUrl)).toThrow(/external-links\.json/);
  });

  it('refuses a catalogue without five sectors or seven partners', () => {
    expect(() => readCatalog(catalogWith('sectors.json', (sectors) => sectors.slice(0, 4)))).toThrow(/five sectors/);
    expect(() => readCatalog(catalogWith('partners.json', (partners) => partners.slice(0, 6)))).toThrow(
      /seven partners/,
    );
  });
});
