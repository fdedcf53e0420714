import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Site } from '@portal/contract/catalog';
import { API } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { listCatalogDatasets } from '@portal/db/queries/catalog-metadata.queries';
import { operation } from '../../plugins/api-docs.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { catalogGraph, PREFIXES } from '../../services/dcat-catalog.ts';
import { toJsonLd, toTurtle } from '../../services/rdf-serialize.ts';

/** Harvesters fetch the whole catalogue now and then; the data changes only with an import. */
const CACHE = 'public, max-age=3600';

/**
 * The DCAT-AP 3 catalogue of every loaded dataset, for other data catalogues to harvest (ADR 0018).
 * One graph, read from the database on each request, written as JSON-LD or as Turtle.
 */
export const catalogMetadataRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  site: Site;
  publicUrl: string;
}> = async (app, { db, site, publicUrl }) => {
  const graph = async () => catalogGraph({ site, baseUrl: publicUrl, datasets: await listCatalogDatasets(db) });

  app.get(
    API.catalog,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: operation({
        summary: 'DCAT-AP catalogue (JSON-LD)',
        description: `The catalogue of every dataset as DCAT-AP 3 in JSON-LD (\`application/ld+json\`), for data portals to harvest: each dataset with its publisher, licence, version, temporal and spatial coverage, keywords, theme and two distributions (the values as CSV, the publisher's file). The \`@context\` is inline: no remote context is needed to read it. The same graph as Turtle is at \`${API.catalogTurtle}\`.`,
        example: {},
      }),
    },
    async (_request, reply) =>
      reply
        .type('application/ld+json; charset=utf-8')
        .header('Cache-Control', CACHE)
        .send(JSON.stringify(toJsonLd(await graph(), PREFIXES))),
  );

  app.get(
    API.catalogTurtle,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: operation({
        summary: 'DCAT-AP catalogue (Turtle)',
        description: `The same DCAT-AP 3 catalogue as \`${API.catalog}\`, written as Turtle (\`text/turtle\`): the same triples, for harvesters and tools that read RDF rather than JSON.`,
        example: {},
      }),
    },
    async (_request, reply) =>
      reply
        .type('text/turtle; charset=utf-8')
        .header('Cache-Control', CACHE)
        .send(await toTurtle(await graph(), PREFIXES)),
  );
};
