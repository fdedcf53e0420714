import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Site } from '@portal/contract/catalog';
import { cffReference, yamlText } from '@portal/contract/citation';
import type { Database } from '@portal/db/database';
import { listDatasets, type NamedQuery } from '@portal/db/queries/timeseries.queries';
import type { DatasetRow } from '@portal/db/tables/timeseries.table';
import { observationsCsv, type ResolvedQuery, type ResolvedVariable } from './timeseries-query.ts';

const licenceName = (licence: string) =>
  licence
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-|-$/g, '');

/** The variables of an export, by name. */
const variablesOf = (resolved: ResolvedQuery): ResolvedVariable[] => [...resolved.variables.values()].sort((a, b) => a.name.localeCompare(b.name));

const howMade = (variable: ResolvedVariable) => variable.derivation ?? 'As published.';

/** A Frictionless Data Package describing data.csv and, with it, the provenance of every dataset and variable in it. */
function dataPackage(site: Site, datasets: DatasetRow[], variables: ResolvedVariable[], created: string) {
  const sources = datasets.map((d) => ({
    title: d.title,
    path: d.source_url,
    dataset: d.id,
    publisher: d.publisher,
    licence: d.licence,
    citation: d.citation,
    retrieved: d.retrieved,
    ...(d.notes ? { notes: d.notes } : {}),
  }));
  const licenses = [...new Set(datasets.map((d) => d.licence))].map((title) => ({ name: licenceName(title), title }));
  return {
    profile: 'tabular-data-package',
    name: `${site.exportPrefix.toLowerCase()}-timeseries`,
    title: `${site.name} timeseries export`,
    created,
    licenses,
    sources,
    resources: [
      {
        name: 'data',
        path: 'data.csv',
        profile: 'tabular-data-resource',
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        licenses,
        sources,
        variables: variables.map((v) => ({ name: v.name, unit: v.unit, dataset: v.datasetId, derivation: howMade(v) })),
        schema: {
          fields: [
            {
              name: 'timestamp',
              type: 'string',
              description:
                "The period: YYYY for a year, YYYY-MM for a month, YYYY-MM-DD for a day; a climate normal as its month and 30-year reference period, 'Jan 1991-2020'",
            },
            { name: 'variable', type: 'string' },
            { name: 'value', type: 'number' },
            { name: 'unit', type: 'string' },
            { name: 'location', type: 'string' },
            { name: 'dataset', type: 'string', description: 'Id of the dataset in the sources list and README.txt' },
          ],
        },
      },
    ],
  };
}

/**
 * The export's README. It names the variables and places found, never the names as requested: a
 * request may carry any text, and a README is read as the portal's own words.
 */
function readme(site: Site, query: NamedQuery, resolved: ResolvedQuery, datasets: DatasetRow[], variables: ResolvedVariable[], created: string): string {
  const notFound = new Set(query.variables).size - variables.length + new Set(query.locations).size - resolved.locations.size;
  const lines = [
    `${site.name}: timeseries export`,
    `Created: ${created}`,
    '',
    'Query',
    ...(query.source ? [`  Source: ${query.source}`] : []),
    `  Period: ${query.start} to ${query.end} (inclusive; a yearly or monthly value is included when its year or month reaches into the period, a climate normal when its reference period does)`,
    `  Variables: ${variables.map((v) => v.name).join('; ')}`,
    `  Locations: ${[...resolved.locations.values()].join('; ')}`,
    ...(notFound > 0 ? [`  ${notFound} requested name(s) matched no variable or location and are left out.`] : []),
    '',
    'Files',
    '  data.csv          timestamp, variable, value, unit, location, dataset',
    '  datapackage.json  Frictionless Data Package describing data.csv',
    '  CITATION.cff      citation metadata',
    '',
    'Variables and how their values were made',
    ...variables.flatMap((v) => [`  ${v.name} (${v.unit}) [${v.datasetId}]`, `    ${howMade(v)}`]),
    '',
    'Sources and licences',
    ...datasets.flatMap((d) => [
      `  [${d.id}] ${d.title}`,
      `    Publisher: ${d.publisher}`,
      `    Licence: ${d.licence}`,
      `    URL: ${d.source_url}`,
      `    Retrieved: ${d.retrieved}`,
      `    Cite as: ${d.citation}`,
      ...(d.notes ? [`    Prepared by the portal: ${d.notes}`] : []),
    ]),
    '',
    'How to cite',
    `  Cite each source above as given, and this export as: ${site.name} (${created.slice(0, 4)}). Timeseries export of ${created.slice(0, 10)}.`,
    '  Each value is as its source published it, unless its variable above says how the portal derived it.',
    '',
  ];
  return lines.join('\n');
}

function citation(site: Site, datasets: DatasetRow[], created: string): string {
  const references = datasets.flatMap((d) => cffReference({ ...d, sourceUrl: d.source_url }));
  return [
    'cff-version: 1.2.0',
    'message: "If you use this data, please cite it and each of its sources as below."',
    'type: dataset',
    `title: ${yamlText(`${site.name} timeseries export`)}`,
    'authors:',
    `  - name: ${yamlText(site.name)}`,
    `date-released: ${created.slice(0, 10)}`,
    'references:',
    ...references,
    '',
  ].join('\n');
}

/** The export zip: data.csv streamed from the database, with datapackage.json, README.txt and CITATION.cff. */
export async function timeseriesZip(db: Kysely<Database>, site: Site, query: NamedQuery, resolved: ResolvedQuery): Promise<Buffer> {
  const created = new Date().toISOString();
  const variables = variablesOf(resolved);
  const datasets = await listDatasets(db, [...new Set(variables.map((v) => v.datasetId))]);
  const zip = new yazl.ZipFile();
  zip.addReadStream(Readable.from(observationsCsv(db, resolved)), 'data.csv');
  zip.addBuffer(Buffer.from(JSON.stringify(dataPackage(site, datasets, variables, created), null, 2)), 'datapackage.json');
  zip.addBuffer(Buffer.from(readme(site, query, resolved, datasets, variables, created)), 'README.txt');
  zip.addBuffer(Buffer.from(citation(site, datasets, created)), 'CITATION.cff');
  zip.end();
  return buffer(zip.outputStream);
}
