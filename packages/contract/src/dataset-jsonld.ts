import type { DatasetProvenance } from './timeseries.ts';

/** Kenya, the place every dataset of the portal covers, with its GeoNames identifier for linking. */
export const KENYA = { name: 'Kenya', geonames: 'https://sws.geonames.org/192950/' } as const;

/** What the portal knows of one dataset, as its metadata (schema.org, DCAT-AP) describes it. */
export interface DatasetFacts extends Omit<DatasetProvenance, 'loadedAt'> {
  /** `datasetVersion(checksum)`. */
  version: string;
  /** When the portal last loaded it, ISO 8601. */
  modified: string;
  /** The first and last day its values cover (YYYY-MM-DD); null when it has no values. */
  first: string | null;
  last: string | null;
  variables: { name: string; unit: string }[];
  /** Absolute URLs of its page on the portal and of its values as CSV. */
  pageUrl: string;
  csvUrl: string;
}

/** How many variable names a description lists before it counts the rest. */
const NAMED_VARIABLES = 8;

/**
 * A dataset in a few sentences, for catalogues and search engines. It always names the publisher
 * and the retrieval date, so it is never shorter than the 50 characters Google asks for.
 * @example describeDataset(wdi) // 'World Development Indicators: Kenya, published by World Bank. 160 variables: ...'
 */
export function describeDataset(facts: DatasetFacts): string {
  const names = facts.variables.map((variable) => variable.name);
  const listed =
    names.length > NAMED_VARIABLES
      ? [...names.slice(0, NAMED_VARIABLES), `and ${names.length - NAMED_VARIABLES} more`]
      : names;
  const sentences = [`${facts.title}, published by ${facts.publisher}.`];
  if (names.length)
    sentences.push(
      `${names.length} ${names.length === 1 ? 'variable' : 'variables'} for ${KENYA.name}: ${listed.join('; ')}.`,
    );
  if (facts.first && facts.last) sentences.push(`Values from ${facts.first} to ${facts.last}.`);
  sentences.push(`Retrieved from the publisher on ${facts.retrieved}.`);
  if (facts.notes) sentences.push(facts.notes);
  return sentences.join(' ');
}

/**
 * The schema.org `Dataset` a dataset's page embeds as JSON-LD, with the properties Google's dataset
 * search reads. The licence is known only as text, so it is a named CreativeWork, not a URL.
 */
export function datasetJsonLd(facts: DatasetFacts): Record<string, unknown> {
  const publisher = { '@type': 'Organization', name: facts.publisher };
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': facts.pageUrl,
    name: facts.title,
    description: describeDataset(facts),
    url: facts.pageUrl,
    identifier: facts.id,
    version: facts.version,
    dateModified: facts.modified,
    creator: publisher,
    publisher,
    license: { '@type': 'CreativeWork', name: facts.licence },
    isAccessibleForFree: true,
    isBasedOn: facts.sourceUrl,
    citation: facts.citation,
    ...(facts.first && facts.last && { temporalCoverage: `${facts.first}/${facts.last}` }),
    spatialCoverage: { '@type': 'Place', name: KENYA.name, sameAs: KENYA.geonames },
    variableMeasured: facts.variables.map((variable) => ({
      '@type': 'PropertyValue',
      name: variable.name,
      unitText: variable.unit,
    })),
    distribution: [{ '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: facts.csvUrl }],
  };
}
