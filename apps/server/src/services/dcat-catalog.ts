import { DataFactory, type Quad, type Quad_Object, type Quad_Subject, Store } from 'n3';
import type { Site } from '@portal/contract/catalog';
import { type DatasetFacts, describeDataset, KENYA } from '@portal/contract/dataset-jsonld';
import { datasetVersion } from '@portal/contract/datasets';
import { API, datasetPath } from '@portal/contract/paths';
import type { CatalogDataset } from '@portal/db/queries/catalog-metadata.queries';
import type { Prefixes } from './rdf-serialize.ts';

const namedNode = (value: string) => DataFactory.namedNode(value);
const blankNode = (label: string) => DataFactory.blankNode(label);

/** The vocabularies of DCAT-AP 3 the catalogue uses; also the prefixes of both serialisations. */
export const PREFIXES = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  dcatap: 'http://data.europa.eu/r5r/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  owl: 'http://www.w3.org/2002/07/owl#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} satisfies Prefixes;

/** A term by its prefixed name: `iri('dcat:Dataset')`. */
function iri(name: string) {
  const [prefix, local] = name.split(':') as [keyof typeof PREFIXES, string];
  return namedNode(PREFIXES[prefix] + local);
}

/** The EU Publications Office's authority tables, which DCAT-AP asks for by name. */
const EU = 'http://publications.europa.eu/resource/authority/';
const THEME_SCHEME = `${EU}data-theme`;
/** The EU data theme of each sector's datasets; a dataset listed in two sectors gets both. */
const SECTOR_THEMES: Record<string, string> = {
  agriculture: 'AGRI',
  water: 'ENVI',
  energy: 'ENER',
  'macro-economics': 'ECON',
  climate: 'ENVI',
};

/** A plain string, a text in English, a date, an instant. */
const literal = (text: string) => DataFactory.literal(text);
const en = (text: string) => DataFactory.literal(text, 'en');
const date = (day: string) => DataFactory.literal(day, iri('xsd:date'));
const dateTime = (ms: number) => DataFactory.literal(new Date(ms).toISOString(), iri('xsd:dateTime'));

/** A dataset's facts with its absolute addresses and version, shared with its schema.org description. */
export function datasetFacts(dataset: CatalogDataset, baseUrl: string): DatasetFacts {
  return {
    id: dataset.id,
    title: dataset.title,
    publisher: dataset.publisher,
    licence: dataset.licence,
    citation: dataset.citation,
    sourceUrl: dataset.source_url,
    retrieved: dataset.retrieved,
    notes: dataset.notes,
    version: datasetVersion(dataset.checksum),
    modified: new Date(dataset.loaded_at).toISOString(),
    first: dataset.first,
    last: dataset.last,
    variables: dataset.variables,
    pageUrl: baseUrl + datasetPath(dataset.id),
    csvUrl: baseUrl + API.datasetObservationsCsv(dataset.id),
  };
}

/**
 * The portal's DCAT-AP 3 catalogue as one RDF graph: the catalogue, a dataset per loaded dataset
 * and two distributions each (the values as CSV, the publisher's file). Both the JSON-LD and the
 * Turtle answer are written from these quads, so they cannot disagree. `baseUrl` is the portal's
 * public address, as in the sitemap.
 */
export function catalogGraph({
  site,
  baseUrl,
  datasets,
}: {
  site: Site;
  baseUrl: string;
  datasets: CatalogDataset[];
}): Quad[] {
  const store = new Store();
  const add = (subject: Quad_Subject, predicate: string, ...objects: Quad_Object[]) => {
    for (const object of objects) store.addQuad(subject, iri(predicate), object);
  };
  const type = (subject: Quad_Subject, ...classes: string[]) => add(subject, 'rdf:type', ...classes.map(iri));
  /** An external term (an EU authority table entry, a media type) typed as DCAT-AP expects its range. */
  const typed = (address: string, kind: string) => {
    const node = namedNode(address);
    type(node, kind);
    return node;
  };

  const homepage = typed(`${baseUrl}/`, 'foaf:Document');
  const kenya = typed(`${EU}country/KEN`, 'dct:Location');
  add(kenya, 'skos:prefLabel', en(KENYA.name));
  add(kenya, 'owl:sameAs', namedNode(KENYA.geonames));
  const english = typed(`${EU}language/ENG`, 'dct:LinguisticSystem');

  const portal = blankNode('portal');
  type(portal, 'foaf:Agent', 'foaf:Organization');
  add(portal, 'foaf:name', literal(site.name));
  add(portal, 'foaf:homepage', homepage);
  // The portal answers questions about what it serves; the publishers are named as such.
  const contact = blankNode('contact');
  type(contact, 'vcard:Kind', 'vcard:Organization');
  add(contact, 'vcard:fn', literal(site.name));
  add(contact, 'vcard:hasURL', namedNode(`${baseUrl}/about`));

  const catalog = namedNode(baseUrl + API.catalog);
  type(catalog, 'dcat:Catalog');
  add(catalog, 'dct:title', en(site.name));
  add(catalog, 'dct:description', en(site.about.paragraphs[0]));
  add(catalog, 'dct:publisher', portal);
  add(catalog, 'foaf:homepage', homepage);
  add(catalog, 'dct:language', english);
  add(catalog, 'dct:spatial', kenya);
  add(catalog, 'dcat:themeTaxonomy', typed(THEME_SCHEME, 'skos:ConceptScheme'));
  const loadTimes = datasets.map((dataset) => dataset.loaded_at);
  if (loadTimes.length) {
    add(catalog, 'dct:issued', dateTime(Math.min(...loadTimes)));
    add(catalog, 'dct:modified', dateTime(Math.max(...loadTimes)));
  }

  // Publishers and licences recur across datasets: one node each, named by first appearance.
  const publishers = new Map<string, Quad_Subject>();
  const licences = new Map<string, Quad_Subject>();
  const once = (
    nodes: Map<string, Quad_Subject>,
    key: string,
    name: string,
    describe: (node: Quad_Subject) => void,
  ) => {
    let node = nodes.get(key);
    if (!node) {
      nodes.set(key, (node = blankNode(`${name}${nodes.size + 1}`)));
      describe(node);
    }
    return node;
  };

  for (const [index, dataset] of datasets.entries()) {
    const facts = datasetFacts(dataset, baseUrl);
    const node = namedNode(baseUrl + API.dataset(dataset.id));
    add(catalog, 'dcat:dataset', node);
    type(node, 'dcat:Dataset');
    add(node, 'dct:identifier', literal(dataset.id));
    add(node, 'dct:title', en(dataset.title));
    add(node, 'dct:description', en(describeDataset(facts)));
    const publisher = once(publishers, dataset.publisher, 'publisher', (agent) => {
      type(agent, 'foaf:Agent');
      add(agent, 'foaf:name', literal(dataset.publisher));
    });
    add(node, 'dct:publisher', publisher);
    add(node, 'dcat:contactPoint', contact);
    add(node, 'dcat:landingPage', typed(facts.pageUrl, 'foaf:Document'));
    add(node, 'dcat:version', literal(facts.version));
    add(node, 'dct:modified', dateTime(dataset.loaded_at));
    add(node, 'dct:bibliographicCitation', literal(dataset.citation));
    const provenance = blankNode(`provenance${index + 1}`);
    type(provenance, 'dct:ProvenanceStatement');
    add(
      provenance,
      'rdfs:label',
      en(`Retrieved from ${dataset.source_url} on ${dataset.retrieved}.${dataset.notes ? ` ${dataset.notes}` : ''}`),
    );
    add(node, 'dct:provenance', provenance);
    add(node, 'dct:spatial', kenya);
    if (dataset.first && dataset.last) {
      const period = blankNode(`period${index + 1}`);
      type(period, 'dct:PeriodOfTime');
      add(period, 'dcat:startDate', date(dataset.first));
      add(period, 'dcat:endDate', date(dataset.last));
      add(node, 'dct:temporal', period);
    }
    add(node, 'dcat:keyword', ...dataset.variables.map((variable) => en(variable.name)));
    for (const code of new Set(dataset.sectors.flatMap((sector) => SECTOR_THEMES[sector] ?? []))) {
      const theme = typed(`${THEME_SCHEME}/${code}`, 'skos:Concept');
      add(theme, 'skos:inScheme', namedNode(THEME_SCHEME));
      add(node, 'dcat:theme', theme);
    }

    const licence = once(licences, dataset.licence, 'licence', (document) => {
      type(document, 'dct:LicenseDocument');
      add(document, 'rdfs:label', literal(dataset.licence));
    });
    const csv = namedNode(`${node.value}#csv`);
    add(node, 'dcat:distribution', csv);
    type(csv, 'dcat:Distribution');
    add(csv, 'dct:title', en(`${dataset.title}: values as CSV`));
    add(
      csv,
      'dct:description',
      en("Every value of the dataset, by variable, place and date, as CSV from the portal's open API."),
    );
    add(csv, 'dcat:accessURL', namedNode(facts.csvUrl));
    add(csv, 'dcat:downloadURL', namedNode(facts.csvUrl));
    add(csv, 'dct:format', typed(`${EU}file-type/CSV`, 'dct:MediaTypeOrExtent'));
    add(csv, 'dcat:mediaType', typed('https://www.iana.org/assignments/media-types/text/csv', 'dct:MediaType'));
    add(csv, 'dct:license', licence);
    add(csv, 'dcatap:availability', typed(`${EU}planned-availability/AVAILABLE`, 'skos:Concept'));

    const source = namedNode(`${node.value}#source`);
    add(node, 'dcat:distribution', source);
    type(source, 'dcat:Distribution');
    add(source, 'dct:title', en(`${dataset.title}: the publisher's file`));
    add(
      source,
      'dct:description',
      en(`The file as published by ${dataset.publisher}, retrieved on ${dataset.retrieved}.`),
    );
    add(source, 'dcat:accessURL', namedNode(dataset.source_url));
    add(source, 'dct:license', licence);
  }
  return store.getQuads(null, null, null, null);
}
