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
  type Site,
} from '@portal/contract/catalog';
import { API, API_ROUTES } from '@portal/contract/paths';
import { sortByTitle } from '@portal/contract/rules';
import { findSector, findSource, listExternalLinks, listLayers, listPartners, listSectors, listSources } from '@portal/db/queries/catalog.queries';
import type { Kysely } from 'kysely';
import { latestPeriod } from '@portal/db/periods';
import { variableCoverage } from '@portal/db/queries/timeseries.queries';
import type { Database } from '@portal/db/database';
import { notFound } from '../../plugins/errors.ts';
import { toExternalLink, toLayerSummary, toPartner, toSectorCard, toSourceListing } from './to-dto.ts';

/** The catalogue: sectors, sources, layers, partners and the site's own texts, all read-only. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; site: Site }> = async (app, { db, site }) => {
  app.get(API.site, { schema: { response: { 200: SiteSchema } } }, async () => site);

  app.get(API.sectors, { schema: { response: { 200: z.array(SectorCardSchema) } } }, async () => (await listSectors(db)).map(toSectorCard));

  app.get(
    API_ROUTES.sector,
    { config: { errors: ['NOT_FOUND'] }, schema: { params: SectorParamsSchema, response: { 200: SectorDetailSchema } } },
    async ({ params }) => {
      const sector = await findSector(db, params.sector);
      if (!sector) throw notFound('error.sectorNotFound', { sector: params.sector });
      const sources = await listSources(db, { sector: sector.slug, onlySectorListed: true });
      return { ...toSectorCard(sector), intro: sector.intro, sources: sortByTitle(sources.map(toSourceListing)) };
    },
  );

  app.get(API.sources, { schema: { response: { 200: z.array(SourceListingSchema) } } }, async () => sortByTitle((await listSources(db)).map(toSourceListing)));

  app.get(
    API_ROUTES.source,
    { config: { errors: ['NOT_FOUND'] }, schema: { params: SourceParamsSchema, response: { 200: SourceDetailSchema } } },
    async ({ params }) => {
      const source = await findSource(db, params.sector, params.source);
      if (!source) throw notFound('error.sourceNotFound', { source: `${params.sector}/${params.source}` });
      const [layers, links, coverage] = await Promise.all([listLayers(db, source.id), listExternalLinks(db, source.id), variableCoverage(db, source.id)]);
      return {
        ...toSourceListing(source),
        externalSlug: source.external_slug,
        layers: layers.map(toLayerSummary),
        externalLinks: links.map(toExternalLink),
        dataUntil: latestPeriod(coverage),
      };
    },
  );

  app.get(API.layers, { schema: { response: { 200: z.array(LayerSummarySchema) } } }, async () => (await listLayers(db)).map(toLayerSummary));

  app.get(API.partners, { schema: { response: { 200: z.array(PartnerSchema) } } }, async () => (await listPartners(db)).map(toPartner));
};
