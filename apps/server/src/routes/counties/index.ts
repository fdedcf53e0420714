import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  CountyListSchema,
  type CountyMapShapes,
  CountyMapShapesSchema,
  type CountyOutlines,
  CountyParamsSchema,
  CountyProfileSchema,
} from '@portal/contract/counties';
import { countyShapes } from '@portal/contract/county-shapes';
import { API, API_ROUTES } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { operation } from '../../plugins/api-docs.ts';
import { notFound } from '../../plugins/errors.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { sourceRefIn, titlesIn } from '../../services/catalog-titles.ts';
import { CountyFigures } from '../../services/county-figures.ts';
import { countyOutlines } from '../../services/county-outlines.ts';
import { registerFactsheetRoutes } from './factsheet.ts';

/** The 47 counties: their headline figures, a profile each, and outlines to draw them. */
export const countyRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  rawDir: string;
  siteName: string;
  publicUrl: string;
  warmFactsheets: boolean;
}> = async (app, { db, rawDir, siteName, publicUrl, warmFactsheets }) => {
  const figures = new CountyFigures(db);
  let outlines: CountyOutlines | null = null;
  const outlineFeatures = async () =>
    (outlines ??= countyOutlines(rawDir, (await figures.snapshot()).counties)).features;
  let outlinesJson: string | null = null;
  let mapShapes: CountyMapShapes | null = null;

  app.get(
    API.counties,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: {
        ...operation({
          summary: 'Counties and their headline figures',
          description:
            "The 47 counties (slug, name, KNBS code) and the headline figures their data's manifests mark (population, energy, water, poverty, livestock, climate, prices): each headline's variable, unit, period, source and dataset, and for each county its latest value (date and value, or null where the data has none), in the order of `headlines`.",
          example: {},
        }),
        response: { 200: CountyListSchema },
      },
    },
    async ({ language }) => {
      const [{ list }, titles] = await Promise.all([figures.snapshot(), titlesIn(db, language)]);
      return { ...list, headlines: list.headlines.map((h) => ({ ...h, source: sourceRefIn(h.source, titles) })) };
    },
  );

  app.get(
    API_ROUTES.county,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'A county profile',
          description:
            "Every headline figure of one county: its latest value with the date, unit, source, dataset and licence; its rank among the counties with a value on that date (1 = highest); Kenya's value on that date where the data has one; its recent values for a chart; and the timeseries page filled in for it. A figure the data has no value for says so with `latest: null`. 404 for an unknown slug.",
          example: { params: { slug: 'turkana' } },
        }),
        params: CountyParamsSchema,
        response: { 200: CountyProfileSchema },
      },
    },
    async ({ params, language }) => {
      const [snapshot, titles] = await Promise.all([figures.snapshot(), titlesIn(db, language)]);
      const county = snapshot.counties.find((c) => c.slug === params.slug);
      if (!county) throw notFound('error.countyNotFound', { slug: params.slug });
      return {
        county,
        figures: snapshot.figures.get(county.slug)!.map((f) => ({ ...f, source: sourceRefIn(f.source, titles) })),
      };
    },
  );

  app.get(
    API.countyOutlines,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: operation({
        summary: 'County outlines',
        description:
          'The 47 counties as GeoJSON (longitude, latitude to 3 decimals) with slug, name and code, simplified together so neighbours share one border: small enough to draw a county map in a page.',
        example: {},
      }),
    },
    async (_request, reply) => {
      outlinesJson ??= JSON.stringify({ type: 'FeatureCollection', features: await outlineFeatures() });
      return reply.header('Cache-Control', 'public, max-age=86400').type('application/geo+json').send(outlinesJson);
    },
  );

  app.get(
    API.countyMapShapes,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: {
        ...operation({
          summary: 'County outlines as SVG paths',
          description:
            'The same outlines as SVG path data (`d`), with slug, name and code, in a drawing space 600 units wide with north up and `height` units high: a county map drawn with no geometry work in the browser.',
          example: {},
        }),
        response: { 200: CountyMapShapesSchema },
      },
    },
    async (_request, reply) => {
      mapShapes ??= countyShapes({ features: await outlineFeatures() });
      return reply.header('Cache-Control', 'public, max-age=86400').send(mapShapes);
    },
  );

  registerFactsheetRoutes(app, { db, figures, outlineFeatures, siteName, publicUrl, warm: warmFactsheets });
};
