import { datasetPath } from './paths.ts';
import type { DatasetProvenance } from './timeseries.ts';

/** What a citation of one dataset as the portal serves it needs. */
export interface CitationInput {
  /** The dataset's provenance, as its manifest gives it; the load cited is named below, as it need not be the latest. */
  dataset: Omit<DatasetProvenance, 'version' | 'loadedAt'>;
  /** `datasetVersion` of the load cited. */
  version: string;
  /** When that version was loaded, ISO 8601. */
  loadedAt: string;
  /** The day the reader took the data, YYYY-MM-DD. */
  accessed: string;
  /** The portal: its name and the origin its pages are served from ('https://portal.example.org'). */
  portal: { name: string; origin: string };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 2026-11-24 → November 24, 2026, as APA writes a retrieval date. */
const apaDate = (day: string) =>
  `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;

/** The address of the dataset's page on the portal. */
export const datasetPageUrl = (input: Pick<CitationInput, 'dataset' | 'portal'>) =>
  input.portal.origin.replace(/\/+$/, '') + datasetPath(input.dataset.id);

const endsSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Free text on one line: a manifest's line breaks and runs of spaces become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * APA-style references (7th edition, data set) to the portal's version of the dataset and to the
 * original publisher's data, one per line. The publisher gave no release date, so that one is n.d.
 * @example apaCitation(input) // 'Kenya Data Observatory. (2026). Title (Version 0123456789ab) [Data set]. Retrieved ...'
 */
export function apaCitation(input: CitationInput): string {
  const { dataset, portal } = input;
  const title = oneLine(dataset.title).replace(/\.$/, '');
  return [
    `${endsSentence(oneLine(portal.name))} (${input.loadedAt.slice(0, 4)}). ${title} (Version ${input.version}) [Data set]. Retrieved ${apaDate(input.accessed)}, from ${datasetPageUrl(input)}`,
    `${endsSentence(oneLine(dataset.publisher))} (n.d.). ${title} [Data set]. Retrieved ${apaDate(dataset.retrieved)}, from ${dataset.sourceUrl}`,
  ].join('\n');
}

const BIBTEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '^': '\\^{}',
  '~': '\\~{}',
};

/** Text for a BibTeX field, on one line, with TeX's special characters escaped so braces always balance. */
export const bibtexText = (text: string) => oneLine(text).replace(/[\\{}$&%#_^~]/g, (c) => BIBTEX_SPECIALS[c]);

/** A URL for a BibTeX field: the url package takes it verbatim, except what would unbalance the braces. */
const bibtexUrl = (url: string) => url.replace(/[\\{}\s]/g, (c) => encodeURIComponent(c));

/** The entry's key: the dataset and version, in the characters every BibTeX tool accepts. */
export const bibtexKey = (input: Pick<CitationInput, 'dataset' | 'version'>) =>
  `${input.dataset.id}-${input.version}`.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * A BibTeX `@misc` entry for the portal's version of the dataset; the note names the original
 * data, its licence and the citation its publisher recommends.
 */
export function bibtexCitation(input: CitationInput): string {
  const { dataset, portal } = input;
  const url = datasetPageUrl(input);
  const note = [
    `Version ${input.version}, loaded ${input.loadedAt.slice(0, 10)}.`,
    `Original data: ${dataset.publisher}, ${dataset.title}, ${dataset.sourceUrl}, retrieved ${dataset.retrieved}.`,
    `Licence: ${endsSentence(dataset.licence)}`,
    `Cite the original data as: ${dataset.citation}`,
  ].join(' ');
  const fields: [string, string][] = [
    ['author', `{${bibtexText(portal.name)}}`],
    ['title', `{${bibtexText(dataset.title)}}`],
    ['year', input.loadedAt.slice(0, 4)],
    ['version', bibtexText(input.version)],
    ['publisher', bibtexText(portal.name)],
    ['howpublished', `\\url{${bibtexUrl(url)}}`],
    ['url', bibtexUrl(url)],
    ['urldate', input.accessed],
    ['note', bibtexText(note)],
  ];
  return `@misc{${bibtexKey(input)},\n${fields.map(([name, value]) => `  ${name} = {${value}},`).join('\n')}\n}\n`;
}

/** A YAML double-quoted scalar: JSON's string syntax is a subset of it. */
export const yamlText = (text: string) => JSON.stringify(text);

/**
 * The CITATION.cff lines of a `references` entry for an original publisher's data (indented as
 * an item of the list), with its licence and recommended citation in the notes.
 */
export function cffReference(
  dataset: Pick<DatasetProvenance, 'title' | 'publisher' | 'sourceUrl' | 'licence' | 'citation'> & {
    retrieved?: string;
  },
): string[] {
  return [
    '  - type: data',
    `    title: ${yamlText(dataset.title)}`,
    '    authors:',
    `      - name: ${yamlText(dataset.publisher)}`,
    `    url: ${yamlText(dataset.sourceUrl)}`,
    ...(dataset.retrieved ? [`    date-accessed: ${yamlText(dataset.retrieved)}`] : []),
    `    notes: ${yamlText(`Licence: ${endsSentence(dataset.licence)} ${dataset.citation}`)}`,
  ];
}

/**
 * A CITATION.cff (Citation File Format 1.2.0) for the portal's version of the dataset, released the
 * day it was loaded, with the original publisher's data as its reference.
 */
export function cffCitation(input: CitationInput): string {
  const { dataset, portal } = input;
  return [
    'cff-version: 1.2.0',
    `message: ${yamlText(`If you use this dataset, please cite this version of it as below, and the original data as ${dataset.publisher} asks (see references).`)}`,
    'type: dataset',
    `title: ${yamlText(dataset.title)}`,
    'authors:',
    `  - name: ${yamlText(portal.name)}`,
    `version: ${yamlText(input.version)}`,
    `date-released: ${yamlText(input.loadedAt.slice(0, 10))}`,
    `url: ${yamlText(datasetPageUrl(input))}`,
    'references:',
    ...cffReference(dataset),
    '',
  ].join('\n');
}
