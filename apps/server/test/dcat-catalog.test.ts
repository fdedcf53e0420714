import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import jsonld from 'jsonld';
import { DataFactory, Parser, type Quad, Store, Writer } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { manifestIds } from '@portal/importer';
import { buildTestApp, type TestApp } from './test-server.ts';

const PUBLIC_URL = 'https://data.example.ke';

const SHAPES_FILE = fileURLToPath(new URL('../../../docs/dcat-ap/shapes.ttl', import.meta.url));
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';

const parseTurtle = (text: string): Quad[] => new Parser().parse(text);
const toNQuads = (quads: Quad[]) => new Writer({ format: 'N-Quads' }).quadsToString(quads);

/** JSON-LD to RDF with no way to fetch anything: a remote context would fail the test. */
async function jsonLdToQuads(doc: object): Promise<Quad[]> {
  const documentLoader = (url: string) =>
    Promise.reject(new Error(`the catalogue asked for a remote document: ${url}`));
  const nquads = (await jsonld.toRDF(doc, { format: 'application/n-quads', documentLoader })) as unknown as string;
  return new Parser({ format: 'N-Quads' }).parse(nquads);
}

/** The graph in canonical N-Quads (RDFC-1.0), so two graphs compare equal whatever their blank node labels. */
const canonical = (quads: Quad[]) => {
  // jsonld's published types predate N-Quads input and the RDFC-1.0 name.
  const canonize = jsonld.canonize as unknown as (input: string, options: Record<string, string>) => Promise<string>;
  return canonize(toNQuads(quads), {
    inputFormat: 'application/n-quads',
    format: 'application/n-quads',
    algorithm: 'RDFC-1.0',
  });
};

async function validate(quads: Quad[]) {
  const validator = new SHACLValidator(new Store(parseTurtle(readFileSync(SHAPES_FILE, 'utf8'))));
  const report = await validator.validate(new Store(quads));
  const messages = report.results.map(
    (result) =>
      `${result.severity?.value.split('#')[1]}: ${result.focusNode?.value} ${result.path?.value ?? ''} ${result.message.map((m) => m.value).join('; ')}`,
  );
  return { conforms: report.conforms, messages };
}

const subjectsOfType = (quads: Quad[], type: string) =>
  quads.filter((q) => q.predicate.value === RDF_TYPE && q.object.value === type).map((q) => q.subject.value);

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`DCAT-AP catalogue on ${dialect}`, () => {
    let server: TestApp;
    let rows: number;
    let fromJsonLd: Quad[];
    let fromTurtle: Quad[];
    let document: Record<string, unknown>;

    beforeAll(async () => {
      server = await buildTestApp(dialect, { publicUrl: PUBLIC_URL, template: 'data' });
      rows = (await server.db.selectFrom('datasets').select('id').execute()).length;
      const json = await server.fetch(API.catalog);
      expect(json.status).toBe(200);
      expect(json.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
      document = (await json.json()) as Record<string, unknown>;
      fromJsonLd = await jsonLdToQuads(document);
      const turtle = await server.fetch(API.catalogTurtle);
      expect(turtle.status).toBe(200);
      expect(turtle.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
      fromTurtle = parseTurtle(await turtle.text());
    }, 120_000);
    afterAll(async () => {
      await server?.close();
    });

    it('carries its @context inline, naming no remote document', () => {
      expect(typeof document['@context']).toBe('object');
      expect(JSON.stringify(document['@context'])).not.toMatch(/"https?:\/\/[^"]*\.jsonld"|"@import"/);
    });

    it('conforms to the DCAT-AP 3 shapes, as JSON-LD and as Turtle', async () => {
      for (const [format, quads] of [
        ['JSON-LD', fromJsonLd],
        ['Turtle', fromTurtle],
      ] as const) {
        const { conforms, messages } = await validate(quads);
        expect(messages, format).toEqual([]);
        expect(conforms, format).toBe(true);
      }
    });

    it('says the same in both formats: one dataset per loaded dataset, the same triples', async () => {
      expect(rows).toBe(manifestIds().length);
      expect(new Set(subjectsOfType(fromJsonLd, `${DCAT}Dataset`)).size).toBe(rows);
      expect(new Set(subjectsOfType(fromTurtle, `${DCAT}Dataset`)).size).toBe(rows);
      expect(fromJsonLd.length).toBe(fromTurtle.length);
      expect(await canonical(fromJsonLd)).toBe(await canonical(fromTurtle));
    });

    it('describes a dataset with absolute links under the public address, its version and coverage', () => {
      const dataset = `${PUBLIC_URL}${API.dataset('cru-annual-temperature')}`;
      const about = (subject: string, predicate: string) =>
        fromTurtle.filter((q) => q.subject.value === subject && q.predicate.value === predicate).map((q) => q.object);
      expect(about(dataset, `${DCAT}landingPage`).map((o) => o.value)).toEqual([
        `${PUBLIC_URL}/datasets/cru-annual-temperature`,
      ]);
      expect(about(dataset, `${DCAT}version`)[0].value).toMatch(/^[0-9a-f]{12}$/);
      const [period] = about(dataset, `${DCT}temporal`);
      expect(about(period.value, `${DCAT}startDate`).map((o) => o.value)).toEqual(['1901-01-01']);
      expect(about(period.value, `${DCAT}endDate`).map((o) => o.value)).toEqual(['2020-12-31']);
      const csv = about(dataset, `${DCAT}distribution`).find((o) => o.value.endsWith('#csv'))!;
      expect(about(csv.value, `${DCAT}downloadURL`).map((o) => o.value)).toEqual([
        `${PUBLIC_URL}${API.datasetObservationsCsv('cru-annual-temperature')}`,
      ]);
      expect(about(dataset, `${DCT}spatial`).map((o) => o.value)).toEqual([
        'http://publications.europa.eu/resource/authority/country/KEN',
      ]);
    });

    it('is refused by the shapes when a dataset has no title, and warned about without keywords', async () => {
      const dataset = DataFactory.namedNode(`${PUBLIC_URL}${API.dataset('wdi-kenya')}`);
      const without = (predicate: string) =>
        fromTurtle.filter((q) => !(q.subject.equals(dataset) && q.predicate.value === predicate));
      const untitled = without(`${DCT}title`);
      expect(untitled.length).toBe(fromTurtle.length - 1);
      const refused = await validate(untitled);
      expect(refused.conforms).toBe(false);
      expect(refused.messages).toEqual([
        expect.stringMatching(new RegExp(`^Violation: ${dataset.value} ${DCT}title `)),
      ]);
      // A recommended property missing is a warning, which DCAT-AP's validators report too.
      const warned = await validate(without(`${DCAT}keyword`));
      expect(warned.conforms).toBe(false);
      expect(warned.messages).toEqual([
        expect.stringMatching(new RegExp(`^Warning: ${dataset.value} ${DCAT}keyword `)),
      ]);
    });
  });
}
