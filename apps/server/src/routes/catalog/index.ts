import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LayerSummarySchema,
  PartnerSchema,
  SectorCardSchema,
  SectorDetailSchema,
  SectorParamsSchema,
  SiteSchema,
  SourceDetailSchema,
  SourceListingSchema,
  SourceParamsSchema,
  type SiteCatalog,
} from '@portal/contract/catalog';
import { API, API_ROUTES } from '@portal/contract/paths';
import {
  findSector,
  findSource,
  listExternalLinks,
  listLayers,
  listPartners,
  listSectors,
  listSources,
} from '@portal/db/queries/catalog.queries';
import type { Kysely } from 'kysely';
import { latestPeriod } from '@portal/db/periods';
import { variableCoverage } from '@portal/db/queries/timeseries.queries';
import type { Database } from '@portal/db/database';
import { notFound } from '../../plugins/errors.ts';
import {
  sectorIntro,
  siteIn,
  sortByTitle,
  toExternalLink,
  toLayerSummary,
  toPartner,
  toSectorCard,
  toSourceListing,
} from './to-dto.ts';
import { operation } from '../../plugins/api-docs.ts';

/** The catalogue: sectors, sources, layers, partners and the site's own texts, all read-only. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; site: SiteCatalog }> = async (
  app,
  { db, site },
) => {
  app.get(
    API.site,
    {
      schema: {
        ...operation({
          summary: 'Site texts',
          description: 'The brand, grant number, partner-project link and About texts shown on every page.',
          example: {},
        }),
        response: { 200: SiteSchema },
      },
    },
    async (request) => siteIn(site, request.language),
  );

  app.get(
    API.sectors,
    {
      schema: {
        ...operation({
          summary: 'List sectors',
          description: 'Every sector with its title, description and image, in the order of the Sectors page.',
          example: {},
        }),
        response: { 200: z.array(SectorCardSchema) },
      },
    },
    async ({ language }) => (await listSectors(db)).map((row) => toSectorCard(row, language)),
  );

  app.get(
    API_ROUTES.sector,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'One sector',
          description:
            'A sector with its introduction and the sources listed on its landing page, by title. 404 for an unknown sector.',
          example: { params: { sector: 'energy' } },
        }),
        params: SectorParamsSchema,
        response: { 200: SectorDetailSchema },
      },
    },
    async ({ params, language }) => {
      const sector = await findSector(db, params.sector);
      if (!sector) throw notFound('error.sectorNotFound', { sector: params.sector });
      const sources = await listSources(db, { sector: sector.slug, onlySectorListed: true });
      const listings = sources.map((row) => toSourceListing(row, language));
      return {
        ...toSectorCard(sector, language),
        intro: sectorIntro(sector, language),
        sources: sortByTitle(listings),
      };
    },
  );

  app.get(
    API.sources,
    {
      schema: {
        ...operation({
          summary: 'List sources',
          description:
            'Every source of every sector, by title, with the representations it offers (timeseries, raster, external).',
          example: {},
        }),
        response: { 200: z.array(SourceListingSchema) },
      },
    },
    async ({ language }) => sortByTitle((await listSources(db)).map((row) => toSourceListing(row, language))),
  );

  app.get(
    API_ROUTES.source,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'One source',
          description:
            'A source with its map layers, external links and the last period its data covers. 404 for an unknown source.',
          example: { params: { sector: 'agriculture', source: 'production' } },
        }),
        params: SourceParamsSchema,
        response: { 200: SourceDetailSchema },
      },
    },
    async ({ params, language }) => {
      const source = await findSource(db, params.sector, params.source);
      if (!source) throw notFound('error.sourceNotFound', { source: `${params.sector}/${params.source}` });
      const [layers, links, coverage] = await Promise.all([
        listLayers(db, source.id),
        listExternalLinks(db, source.id),
        variableCoverage(db, source.id),
      ]);
      return {
        ...toSourceListing(source, language),
        externalSlug: source.external_slug,
        layers: layers.map(toLayerSummary),
        externalLinks: links.map(toExternalLink),
        dataUntil: latestPeriod(coverage),
      };
    },
  );

  app.get(
    API.layers,
    {
      schema: {
        ...operation({
          summary: 'List map layers',
          description:
            'Every map layer of the catalogue: name, kind (raster or vector), the sources that show it, provenance.',
          example: {},
        }),
        response: { 200: z.array(LayerSummarySchema) },
      },
    },
    async () => (await listLayers(db)).map(toLayerSummary),
  );

  app.get(
    API.partners,
    {
      schema: {
        ...operation({
          summary: 'List partners',
          description: 'The partner organisations shown on the Partners page, with their logos and links.',
          example: {},
        }),
        response: { 200: z.array(PartnerSchema) },
      },
    },
    async () => (await listPartners(db)).map(toPartner),
  );
};
