import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SourceParamsSchema } from '@portal/contract/catalog';
import { countySlug, CountyParamsSchema } from '@portal/contract/counties';
import { DatasetParamsSchema } from '@portal/contract/datasets';
import { AtomFeedSchema } from '@portal/contract/feeds';
import { ATOM_TYPE } from '@portal/contract/media-types';
import { API, API_ROUTES, countyPath, datasetPath, PAGES, sourcePath } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { findSource } from '@portal/db/queries/catalog.queries';
import { listCounties } from '@portal/db/queries/counties.queries';
import { datasetLoads, latestLoad, type LoadScope } from '@portal/db/queries/dataset-feeds.queries';
import { findDataset } from '@portal/db/queries/datasets.queries';
import { operation } from '../../plugins/api-docs.ts';
import { notFound } from '../../plugins/errors.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { titlesIn } from '../../services/catalog-titles.ts';
import { type AtomFeed, atomFeed, FEED_ENTRIES } from '../../services/feeds.ts';

/** Feeds change only with an import; readers revalidate cheaply by ETag or Last-Modified. */
const CACHE = 'public, max-age=600';

const ENTRIES = `one entry per new version of a dataset (each load of its file), newest first, at most ${FEED_ENTRIES}: its version, when it was loaded, how many values it holds, and how many values it added, removed and changed against the version before, with the first and last date they touch; linked to the dataset's page. Titles and texts in English or, with \`lang=sw\`, Swahili (else the \`lang\` cookie or Accept-Language). Revalidate with If-None-Match (ETag) or If-Modified-Since (Last-Modified): 304 when nothing changed. No login needed.`;

/** 200: the feed; 304: it has not changed since the ETag or time the reader sent. */
const ANSWERS = { 200: AtomFeedSchema, 304: z.null() };

/** The feed with its validators; 304 without a body when the reader's copy is current. */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: AtomFeed) {
  // Weak: compression changes the bytes sent, not what they say.
  const etag = `W/"${createHash('sha256').update(feed.xml).digest('base64url').slice(0, 32)}"`;
  const lastModified = feed.updated.toUTCString();
  reply
    .header('ETag', etag)
    .header('Last-Modified', lastModified)
    .header('Cache-Control', CACHE)
    // The language comes from the query, the cookie or Accept-Language.
    .header('Vary', 'Cookie, Accept-Language')
    .header('Content-Language', request.language);
  if (fresh(request.headers, { etag, 'last-modified': lastModified })) return reply.status(304).send(null);
  return reply.type(`${ATOM_TYPE}; charset=utf-8`).send(feed.xml);
}

/** Atom feeds of new dataset versions (ADR 0039): the portal's, a dataset's, a source's and a county's. */
export const feedRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; publicUrl: string; siteName: string }> = async (
  app,
  { db, publicUrl, siteName },
) => {
  const feed = async (
    request: FastifyRequest,
    what: { subject: string; title: string; selfPath: string; pagePath: string; scope: LoadScope },
  ) => {
    const [loads, latest] = await Promise.all([datasetLoads(db, what.scope, FEED_ENTRIES), latestLoad(db)]);
    return atomFeed({
      ...what,
      publicUrl,
      siteName,
      language: request.language,
      t: request.t,
      loads,
      emptyUpdated: new Date(latest ?? 0),
    });
  };

  app.get(
    API.feed,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: {
        ...operation({
          summary: 'Feed of new data',
          description: `An Atom feed of every dataset of the portal: ${ENTRIES}`,
          example: {},
        }),
        response: ANSWERS,
      },
    },
    async (request, reply) =>
      sendFeed(
        request,
        reply,
        await feed(request, {
          subject: 'portal',
          title: request.t('feed.title.portal', { siteName }),
          selfPath: API.feed,
          pagePath: PAGES.datasets,
          scope: null,
        }),
      ),
  );

  app.get(
    API_ROUTES.datasetFeed,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Feed of a dataset',
          description: `An Atom feed of one dataset: ${ENTRIES} 404 for an unknown dataset.`,
          example: { params: { id: 'wfp-chirps-county-rainfall' } },
        }),
        params: DatasetParamsSchema,
        response: ANSWERS,
      },
    },
    async (request, reply) => {
      const dataset = await findDataset(db, request.params.id);
      if (!dataset) throw notFound('error.datasetNotFound', { id: request.params.id });
      return sendFeed(
        request,
        reply,
        await feed(request, {
          subject: `datasets/${dataset.id}`,
          title: request.t('feed.title.dataset', { dataset: dataset.title }),
          selfPath: API.datasetFeed(dataset.id),
          pagePath: datasetPath(dataset.id),
          scope: { dataset: dataset.id },
        }),
      );
    },
  );

  app.get(
    API_ROUTES.sourceFeed,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Feed of a source',
          description: `An Atom feed of the datasets a source shows (those with a variable it lists): ${ENTRIES} 404 for an unknown source.`,
          example: { params: { sector: 'macro-economics', source: 'population' } },
        }),
        params: SourceParamsSchema,
        response: ANSWERS,
      },
    },
    async (request, reply) => {
      const { sector, source: slug } = request.params;
      const source = await findSource(db, sector, slug);
      if (!source) throw notFound('error.sourceNotFound', { source: `${sector}/${slug}` });
      const titles = await titlesIn(db, request.language);
      return sendFeed(
        request,
        reply,
        await feed(request, {
          subject: `sources/${source.id}`,
          title: request.t('feed.title.source', {
            sector: titles.sector(source.sector_slug, source.sector_title),
            source: titles.source(source.sector_slug, source.slug, source.title),
          }),
          selfPath: API.sourceFeed(source.sector_slug, source.slug),
          pagePath: `${sourcePath(source.sector_slug, source.slug)}/timeseries`,
          scope: { source: source.id },
        }),
      );
    },
  );

  app.get(
    API_ROUTES.countyFeed,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Feed of a county',
          description: `An Atom feed of the datasets holding values for a county: ${ENTRIES} 404 for an unknown slug.`,
          example: { params: { slug: 'turkana' } },
        }),
        params: CountyParamsSchema,
        response: ANSWERS,
      },
    },
    async (request, reply) => {
      const county = (await listCounties(db)).find((c) => countySlug(c.name) === request.params.slug);
      if (!county) throw notFound('error.countyNotFound', { slug: request.params.slug });
      const slug = countySlug(county.name);
      return sendFeed(
        request,
        reply,
        await feed(request, {
          subject: `counties/${slug}`,
          title: request.t('feed.title.county', { county: county.name }),
          selfPath: API.countyFeed(slug),
          pagePath: countyPath(slug),
          scope: { location: county.id },
        }),
      );
    },
  );
};
