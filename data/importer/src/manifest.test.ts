import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocationIndex, type LocationsFileSchema } from './locations.ts';
import { ManifestSchema } from './manifest.ts';
import { ManifestError, readManifests } from './read-manifests.ts';
import { censusManifest, type Fixture, FIXTURE_LOCATIONS, makeFixture, pricesManifest } from './testing-fixtures.ts';
import type { z } from 'zod';

const issues = (manifest: unknown) => {
  const parsed = ManifestSchema.safeParse(manifest);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('ManifestSchema', () => {
  it('accepts a wide and a long manifest, filling the CSV defaults', () => {
    expect(issues(censusManifest())).toEqual([]);
    expect(issues(pricesManifest())).toEqual([]);
    expect(ManifestSchema.parse(censusManifest()).csv).toEqual({
      skipLines: [],
      blanks: ['', 'NA', 'N/A', '..', 'NaN', 'nan'],
    });
  });

  it('says which variable lacks its column or key', () => {
    const wide = censusManifest();
    (wide.variables as Record<string, unknown>[])[1] = {
      key: 'Solar',
      name: 'Solar',
      unit: '%',
      sources: ['energy/sources'],
    };
    expect(issues(wide)).toEqual([
      "variables.1: a wide file's variable needs 'column' (and no 'key'); add 'long' for a long file",
    ]);
    const long = pricesManifest();
    (long.variables as Record<string, unknown>[])[0].key = 'Maize';
    expect(issues(long)).toEqual(['variables.0: key needs 2 value(s), one per key column']);
    delete (long.variables as Record<string, unknown>[])[0].key;
    expect(issues(long)).toEqual(["variables.0: a long file's variable needs 'key'"]);
  });

  it('refuses a variable listed twice, a bad source id, a bad date and unknown fields', () => {
    const m = censusManifest();
    const variables = m.variables as Record<string, unknown>[];
    variables[1].name = variables[0].name;
    variables[0].sources = ['energy'];
    expect(issues({ ...m, retrieved: '22/11/2026', colour: 'red' })).toEqual(
      expect.arrayContaining([
        "variables.0.sources.0: must be 'sector/source', e.g. 'energy/access'",
        'retrieved: must be a date YYYY-MM-DD',
        "variables.1: variable 'Electricity access' is listed twice",
        expect.stringContaining('colour'),
      ]),
    );
  });

  it("takes a licence id from the SPDX list, or 'other', and refuses a licence sentence made into a name", () => {
    for (const licenceId of ['CC-BY-4.0', 'CC-BY-3.0-IGO', 'BSD-3-Clause', 'other'])
      expect(issues({ ...censusManifest(), licenceId }), licenceId).toEqual([]);
    const spdx =
      "licenceId: must be an SPDX licence identifier (https://spdx.org/licenses/, e.g. 'CC-BY-4.0') or 'other'";
    for (const licenceId of ['CC BY 4.0', 'cc-by-4.0-world-bank-open-data-terms', 'CC-BY-IGO'])
      expect(issues({ ...censusManifest(), licenceId }), licenceId).toEqual([spdx]);
    const { licenceId: _id, ...without } = censusManifest();
    expect(issues(without)).toEqual([expect.stringMatching(/^licenceId: /)]);
  });

  it("takes as a variable's caveat only a key of the text catalogue's caveats", () => {
    const withCaveat = (caveat: string) => {
      const m = censusManifest();
      (m.variables as Record<string, unknown>[])[0].caveat = caveat;
      return m;
    };
    expect(issues(withCaveat('caveat.householdLighting'))).toEqual([]);
    for (const caveat of ['caveat.noSuchText', 'footer.rights', 'Counts households, not people'])
      expect(issues(withCaveat(caveat)), caveat).toEqual([
        "variables.0.caveat: must be a key of the text catalogue starting 'caveat.'",
      ]);
  });

  it('refuses a fill from no other variable or from a filled one, and a fallback pattern without its group', () => {
    const m = pricesManifest();
    const variables = m.variables as Record<string, unknown>[];
    variables[0].fillFrom = variables[0].name;
    expect(issues(m)).toEqual([
      "variables.0.fillFrom: names no other variable of this manifest: 'Average retail price: Maize, KG'",
    ]);
    variables[0].fillFrom = variables[1].name;
    variables[1].fillFrom = 'Average retail price: Maize, KG';
    expect(issues(m)).toContain(
      "variables.1.fillFrom: 'Average retail price: Maize, KG' is filled from another variable itself; fill from the base one",
    );
    const fallback = {
      ...pricesManifest(),
      location: { column: 'admin2', fallbacks: [{ column: 'market', pattern: '\\((?<county>.+)\\)' }] },
    };
    expect(issues(fallback)).toEqual(['location.fallbacks.0.pattern: needs the named group (?<name>...)']);
  });

  it('needs one way to read the time, with the groups its period needs', () => {
    expect(
      issues({ ...censusManifest(), time: { value: '2019', column: 'year', format: 'YYYY', period: 'year' } }),
    ).toEqual(['time: give either value or column']);
    expect(
      issues({ ...censusManifest(), time: { column: 'date', pattern: '^(?<year>\\d{4})', period: 'month' } }),
    ).toEqual(["time.pattern: needs the named group (?<month>...) for period 'month'"]);
    expect(issues({ ...censusManifest(), time: { column: 'date', format: 'YYYY', period: 'month' } })).toEqual([
      "time.format: 'YYYY' gives no month",
    ]);
    expect(
      issues({
        ...censusManifest(),
        time: { column: 'p', pattern: '^(?<year>\\d{4}) (?<month>\\w+)$', period: 'normal' },
      }),
    ).toEqual(["time.pattern: needs the named group (?<lastYear>...) for period 'normal'"]);
    expect(issues({ ...censusManifest(), time: { column: 'date', pattern: '([', period: 'year' } })[0]).toMatch(
      /^time.pattern: is not a regular expression/,
    );
  });
});

describe('readManifests', () => {
  let fixture: Fixture;
  const locations = new LocationIndex(FIXTURE_LOCATIONS.locations as z.infer<typeof LocationsFileSchema>['locations']);
  const read = () =>
    readManifests(fixture.sourcesDir, {
      rawDir: fixture.rawDir,
      locations,
      sourceIds: new Set(['energy/access', 'energy/sources', 'agriculture/prices']),
    });

  beforeEach(() => {
    fixture = makeFixture();
    fixture.file('census/lighting.csv', 'County\n');
    fixture.file('prices/prices.csv', 'date\n');
  });
  afterEach(() => fixture.remove());

  it('reads every manifest but locations.json', () => {
    fixture.manifest(censusManifest());
    fixture.manifest(pricesManifest());
    expect(read().map((m) => m.manifest.id)).toEqual(['census-lighting', 'prices']);
  });

  it('names the manifest file and the field that is wrong', () => {
    fixture.manifest({ ...censusManifest(), sourceUrl: 'not a url' });
    expect(read).toThrow(ManifestError);
    expect(read).toThrow(/census-lighting\.json:\n.*sourceUrl/s);
  });

  it('refuses unknown sources, missing files, an id unlike the file name and non-canonical locations', () => {
    const m = censusManifest('census-lighting', 'census/missing.csv');
    (m.variables as Record<string, unknown>[])[0].sources = ['energy/nowhere'];
    fixture.manifest({ ...m, location: { column: 'SubCounty', aliases: { xxx: 'Nairobi City' } } });
    writeFileSync(join(fixture.sourcesDir, 'prices.json'), JSON.stringify({ ...pricesManifest(), id: 'other' }));
    let message = '';
    try {
      read();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("census-lighting.json: file 'census/missing.csv' is not under data/raw");
    expect(message).toContain(
      "census-lighting.json: variable 'Electricity access' names unknown source 'energy/nowhere'",
    );
    expect(message).toContain(
      "census-lighting.json: location 'Nairobi City' is not a canonical name of locations.json",
    );
    expect(message).toContain("prices.json: id 'other' must equal the file name 'prices'");
  });

  it('refuses the same variable of a source in two manifests', () => {
    fixture.manifest(censusManifest());
    fixture.manifest(censusManifest('census-lighting-copy'));
    expect(read).toThrow(
      /census-lighting\.json: variable 'Electricity access' of source 'energy\/access' is also defined by .*census-lighting-copy\.json/,
    );
  });

  it('refuses a highlight at a non-canonical location, and two highlights in one place of the row', () => {
    const census = censusManifest();
    (census.variables as Record<string, unknown>[])[0].highlight = { order: 1, location: 'Nairobi City' };
    const prices = pricesManifest();
    (prices.variables as Record<string, unknown>[])[0].highlight = { order: 1 };
    fixture.manifest(census);
    fixture.manifest(prices);
    let message = '';
    try {
      read();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      "census-lighting.json: highlight location 'Nairobi City' of 'Electricity access' is not a canonical name of locations.json",
    );

    (census.variables as Record<string, unknown>[])[0].highlight = { order: 1, location: 'Kenya' };
    fixture.manifest(census);
    expect(read).toThrow(/prices\.json: highlight order 1 of '.+' is also taken by 'Electricity access'/);
  });

  it('refuses a county headline under an unknown topic, and two headlines in one place', () => {
    const census = censusManifest();
    (census.variables as Record<string, unknown>[])[0].headline = { topic: 'weather', order: 1 };
    fixture.manifest(census);
    expect(read).toThrow(/census-lighting\.json:[\s\S]*headline\.topic/);

    (census.variables as Record<string, unknown>[])[0].headline = { topic: 'energy', order: 1 };
    const prices = pricesManifest();
    (prices.variables as Record<string, unknown>[])[0].headline = { topic: 'prices', order: 1 };
    fixture.manifest(census);
    fixture.manifest(prices);
    expect(read).toThrow(/prices\.json: headline order 1 of '.+' is also taken by 'Electricity access'/);
  });
});
