import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERIODS } from '@portal/db/periods';
import type { Period } from '@portal/db/tables/timeseries.table';
import { parseCsv } from './csv-file.ts';
import { COUNTY_BOUNDARIES_FILE, type CountyFinder, countyFinder, placesByCoordinates } from './county-finder.ts';
import { type Extraction, extractObservations } from './extract.ts';
import { type LocationIndex, readLocations } from './locations.ts';
import type { Manifest } from './manifest.ts';
import { LOCATIONS_FILE, readManifests } from './read-manifests.ts';
import { dateRange } from './timestamps.ts';

export interface DatasetFacts {
  manifest: Manifest;
  extraction: Extraction;
}

/** Reads and extracts every manifest of `sourcesDir`, as the import would, without a database. */
export function collectFacts(
  sourcesDir: string,
  rawDir: string,
  sourceIds: ReadonlySet<string>,
): { facts: DatasetFacts[]; locations: LocationIndex } {
  const locations = readLocations(join(sourcesDir, LOCATIONS_FILE));
  let finder: CountyFinder | undefined;
  const countyAt = () =>
    (finder ??= countyFinder(readFileSync(join(rawDir, COUNTY_BOUNDARIES_FILE), 'utf8'), locations));
  const facts = readManifests(sourcesDir, { rawDir, locations, sourceIds }).map(({ manifest }) => ({
    manifest,
    extraction: extractObservations(
      manifest,
      parseCsv(readFileSync(join(rawDir, manifest.file)), manifest.csv.skipLines),
      locations,
      placesByCoordinates(manifest) ? countyAt() : undefined,
    ),
  }));
  return { facts, locations };
}

const PERIOD_WORDS: Record<Period, string> = {
  year: 'annual',
  month: 'monthly',
  day: 'daily',
  normal: 'monthly normals',
};

/**
 * docs/data.md: for each catalogue source, the datasets, variables, locations and years the import
 * gives it, then each dataset's source, licence and coverage. Generated, so it stays true to the manifests.
 */
export function renderDataTable(
  facts: DatasetFacts[],
  sources: { id: string; title: string }[],
  locations: LocationIndex,
): string {
  const perSource = new Map<
    string,
    { dataset: string; name: string; unit: string; period: Period; locations: Set<string>; years: [string, string] }[]
  >();
  for (const { manifest, extraction } of facts) {
    const period = manifest.time.period;
    manifest.variables.forEach((variable, index) => {
      const own = extraction.observations.filter((o) => o.variable === index);
      if (!own.length) return;
      const dates = own.map((o) => o.ts).sort();
      // A normal's last year is the end of its reference period, not the year it is dated at.
      const years: [string, string] = [dates[0].slice(0, 4), PERIODS[period].lastDay(dates.at(-1)!).slice(0, 4)];
      for (const source of variable.sources) {
        const list = perSource.get(source) ?? [];
        list.push({
          dataset: manifest.id,
          name: variable.name,
          unit: variable.unit,
          period,
          locations: new Set(own.map((o) => o.location)),
          years,
        });
        perSource.set(source, list);
      }
    });
  }

  const lines = [
    '# Data in the portal',
    '',
    'Generated from the import manifests in `data/sources/` by `npm run docs:data`; a test fails when it is out of date.',
    'Each manifest names one file of `data/raw/` (see `data/raw/SOURCES.md` for its origin). How the import works: [ADR 0009](decisions/0009-data-import.md).',
    '',
    '## By source',
    '',
    '| source | datasets | variables | locations | years |',
    '|---|---|---|---|---|',
  ];
  const empty: string[] = [];
  for (const source of sources) {
    const list = perSource.get(source.id);
    if (!list) {
      empty.push(`\`${source.id}\``);
      continue;
    }
    const datasets = [...new Set(list.map((v) => v.dataset))].map((d) => `\`${d}\``).join(', ');
    const places = new Set(list.flatMap((v) => [...v.locations]));
    const from = list.map((v) => v.years[0]).sort()[0];
    const to = list
      .map((v) => v.years[1])
      .sort()
      .at(-1);
    lines.push(
      `| \`${source.id}\` | ${datasets} | ${list.length} | ${describePlaces(places, locations)} | ${from === to ? from : `${from}–${to}`} |`,
    );
  }
  lines.push(
    '',
    `Sources without timeseries (their pages show the spec's empty states): ${empty.join(', ') || 'none'}.`,
    '',
  );

  lines.push(
    '## Datasets',
    '',
    'Each dataset with its publisher (linked to the copy the file was taken from), its licence, the file and the day it was retrieved, and what the import loads from it: the first and last period, the places and the variables that have data, the observations stored and the rows rejected.',
    '',
    '| dataset | source | licence | file (retrieved) | period | first | last | places | variables | observations | rejected |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const { manifest: m, extraction: e } of facts) {
    const { first, last } = dateRange(e.observations, m.time.period);
    const withData = new Set(e.observations.map((o) => o.variable)).size;
    const variables = withData === m.variables.length ? String(withData) : `${withData} of ${m.variables.length}`;
    const places = `${e.locations.length} (${describePlaces(new Set(e.locations.map((l) => l.name)), locations)})`;
    lines.push(
      `| \`${m.id}\` | [${cell(m.publisher)}](${m.sourceUrl}) | ${cell(m.licence)} | \`${m.file}\` (${m.retrieved}) | ${PERIOD_WORDS[m.time.period]} | ${first ?? '–'} | ${last ?? '–'} | ${places} | ${variables} | ${count(e.observations.length)} | ${count(e.rejects.length)} |`,
    );
  }

  lines.push('', '## Variables by source', '');
  for (const source of sources) {
    const list = perSource.get(source.id);
    if (!list) continue;
    lines.push(`### ${source.title} (\`${source.id}\`)`, '');
    for (const v of list) {
      const years = v.years[0] === v.years[1] ? v.years[0] : `${v.years[0]}–${v.years[1]}`;
      lines.push(
        `- ${cell(v.name)} (${cell(v.unit)}; ${PERIOD_WORDS[v.period]} ${years}; ${describePlaces(v.locations, locations)}) — \`${v.dataset}\``,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** 'Kenya + 47 counties', 'Kenya + Nairobi + 7 former provinces', '195 model technologies and commodities', ... */
function describePlaces(names: Set<string>, locations: LocationIndex): string {
  const known = locations.all.filter((l) => names.has(l.name));
  const parts: string[] = [];
  if (known.some((l) => l.kind === 'country')) parts.push('Kenya');
  const counties = known.filter((l) => l.kind === 'county');
  if (counties.length > 3) parts.push(`${counties.length} counties`);
  else parts.push(...counties.map((c) => c.name));
  const provinces = known.filter((l) => l.kind === 'province').length;
  if (provinces) parts.push(`${provinces} former provinces`);
  const others = known.filter((l) => l.kind === 'sub-location' || l.kind === 'place').length;
  if (others) parts.push(`${others} places`);
  const entities = known.filter((l) => l.kind === 'model-entity').length;
  if (entities) parts.push(`${entities} model technologies and commodities`);
  return parts.join(' + ');
}

const count = (n: number) => n.toLocaleString('en-US');

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
