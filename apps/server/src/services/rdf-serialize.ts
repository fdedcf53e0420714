import { type Quad, type Term, Writer } from 'n3';

/** Prefix to namespace, for both serialisations: Turtle's @prefix lines and JSON-LD's inline @context. */
export type Prefixes = Record<string, string>;

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

/** The quads as Turtle, IRIs shortened by the prefixes. */
export function toTurtle(quads: Quad[], prefixes: Prefixes): Promise<string> {
  const writer = new Writer({ prefixes });
  writer.addQuads(quads);
  return new Promise((resolve, reject) => {
    writer.end((error, result: string) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * The quads as JSON-LD in flattened form: one node object per subject in `@graph`, under an inline
 * `@context` of prefixes only. Every term is written out (no coercion, no defaults), so what a
 * JSON-LD processor reads back is exactly these quads, and no remote context is ever needed.
 */
export function toJsonLd(quads: Quad[], prefixes: Prefixes): Record<string, unknown> {
  const short = (iri: string) => {
    const prefix = Object.keys(prefixes).find(
      (name) => iri.startsWith(prefixes[name]) && iri.length > prefixes[name].length,
    );
    return prefix ? `${prefix}:${iri.slice(prefixes[prefix].length)}` : iri;
  };
  const nodes = new Map<string, Record<string, unknown[] | string>>();
  for (const quad of quads) {
    const id = nodeId(quad.subject);
    let node = nodes.get(id);
    if (!node) nodes.set(id, (node = { '@id': id }));
    const [key, value] =
      quad.predicate.value === RDF_TYPE
        ? ['@type', short(quad.object.value)]
        : [short(quad.predicate.value), objectOf(quad.object, short)];
    ((node[key] ??= []) as unknown[]).push(value);
  }
  return { '@context': prefixes, '@graph': [...nodes.values()] };
}

const nodeId = (term: Term) => (term.termType === 'BlankNode' ? `_:${term.value}` : term.value);

function objectOf(term: Term, short: (iri: string) => string): unknown {
  if (term.termType !== 'Literal') return { '@id': nodeId(term) };
  if (term.language) return { '@value': term.value, '@language': term.language };
  if (term.datatype.value === XSD_STRING) return term.value;
  return { '@value': term.value, '@type': short(term.datatype.value) };
}
