import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Site } from '@portal/contract/catalog';
import { cffReference, yamlText } from '@portal/contract/citation';
import { nameWithUnit } from '@portal/contract/variable-names';
import { type Translate, translator } from '@portal/contract/messages';
// The e-mails' and read-mes' texts, which only the server writes.
import '@portal/contract/messages-documents';
import type { Database } from '@portal/db/database';
import { listDatasets, type NamedQuery } from '@portal/db/queries/timeseries.queries';
import type { DatasetRow } from '@portal/db/tables/timeseries.table';
import type { ReadGate } from './read-gate.ts';
import { csvStream, type ResolvedQuery, type ResolvedVariable } from './timeseries-query.ts';

/**
 * The data package's licences: one entry per SPDX identifier, with its page on spdx.org, and one 'other' per licence
 * SPDX does not list (or a publisher does not state), its text as the title. A dataset loaded before licence ids were
 * kept has none yet and counts as 'other'.
 */
function packageLicences(datasets: DatasetRow[]) {
  const licences = new Map<string, { name: string; path?: string; title?: string }>();
  for (const { licence, licence_id: id } of datasets) {
    if (id && id !== 'other') licences.set(id, { name: id, path: `https://spdx.org/licenses/${id}.html` });
    else licences.set(`other: ${licence}`, { name: 'other', title: licence });
  }
  return [...licences.values()];
}

/** The variables of an export, by name. */
const variablesOf = (resolved: ResolvedQuery): ResolvedVariable[] =>
  [...resolved.variables.values()].sort((a, b) => a.name.localeCompare(b.name));

/** How a variable's values were made: the portal's derivation, or as its source published them. */
const howMade = (t: Translate, variable: ResolvedVariable) => variable.derivation ?? t('export.readme.asPublished');

// The data package is metadata for tools, in English like its standard's own fields.
const english = translator();

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
  const licenses = packageLicences(datasets);
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
        variables: variables.map((v) => ({
          name: v.name,
          unit: v.unit,
          dataset: v.datasetId,
          derivation: howMade(english, v),
        })),
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
 * The export's README, in the reader's language (names, units, titles and citations as the data
 * gives them). It names the variables and places found, never the names as requested: a request
 * may carry any text, and a README is read as the portal's own words.
 */
function readme(
  t: Translate,
  site: Site,
  query: NamedQuery,
  resolved: ResolvedQuery,
  datasets: DatasetRow[],
  variables: ResolvedVariable[],
  created: string,
): string {
  const notFound =
    new Set(query.variables).size - variables.length + new Set(query.locations).size - resolved.locations.size;
  const lines = [
    t('export.readme.timeseriesTitle', { siteName: site.name }),
    t('export.readme.created', { created }),
    '',
    t('export.readme.query'),
    ...(query.source ? [`  ${t('export.readme.source', { source: query.source })}`] : []),
    `  ${t('export.readme.period', { start: query.start, end: query.end })}`,
    `  ${t('export.readme.variables', { names: variables.map((v) => v.name).join('; ') })}`,
    `  ${t('export.readme.locations', { names: [...resolved.locations.values()].join('; ') })}`,
    ...(notFound > 0 ? [`  ${t('export.readme.notFound', { count: notFound })}`] : []),
    '',
    t('export.readme.files'),
    `  data.csv          ${t('export.readme.fileData')}`,
    `  datapackage.json  ${t('export.readme.filePackage')}`,
    `  CITATION.cff      ${t('export.readme.fileCitation')}`,
    '',
    t('export.readme.howMade'),
    ...variables.flatMap((v) => [`  ${nameWithUnit(v.name, v.unit)} [${v.datasetId}]`, `    ${howMade(t, v)}`]),
    '',
    t('export.readme.sources'),
    ...datasets.flatMap((d) => [
      `  [${d.id}] ${d.title}`,
      `    ${t('export.readme.publisher', { publisher: d.publisher })}`,
      `    ${t('export.readme.licence', { licence: d.licence })}`,
      `    ${t('export.readme.url', { url: d.source_url })}`,
      `    ${t('export.readme.retrieved', { date: d.retrieved })}`,
      `    ${t('export.readme.citeAs', { citation: d.citation })}`,
      ...(d.notes ? [`    ${t('export.readme.prepared', { notes: d.notes })}`] : []),
    ]),
    '',
    t('export.readme.howToCite'),
    `  ${t('export.readme.citeExport', { siteName: site.name, year: created.slice(0, 4), date: created.slice(0, 10) })}`,
    `  ${t('export.readme.eachValue')}`,
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

/**
 * The export zip: data.csv streamed from the database a batch at a time through the gate, with datapackage.json, README.txt (in the
 * reader's language, `t`) and CITATION.cff.
 */
export async function timeseriesZip(
  db: Kysely<Database>,
  t: Translate,
  site: Site,
  query: NamedQuery,
  resolved: ResolvedQuery,
  gate: ReadGate,
): Promise<Buffer> {
  const created = new Date().toISOString();
  const variables = variablesOf(resolved);
  const datasets = await listDatasets(db, [...new Set(variables.map((v) => v.datasetId))]);
  const zip = new yazl.ZipFile();
  zip.addReadStream(csvStream(db, resolved, gate), 'data.csv');
  zip.addBuffer(
    Buffer.from(JSON.stringify(dataPackage(site, datasets, variables, created), null, 2)),
    'datapackage.json',
  );
  zip.addBuffer(Buffer.from(readme(t, site, query, resolved, datasets, variables, created)), 'README.txt');
  zip.addBuffer(Buffer.from(citation(site, datasets, created)), 'CITATION.cff');
  zip.end();
  return buffer(zip.outputStream);
}
