import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { HighlightsResponseSchema } from '@portal/contract/highlights';
import { API } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { operation } from '../../plugins/api-docs.ts';
import { sourceRefIn, titlesIn } from '../../services/catalog-titles.ts';
import { landingFigures, longestRecords } from '../../services/highlights.ts';

/** The landing page's figures, read from the data each time (a few small queries). */
export const highlightRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    API.highlights,
    {
      schema: {
        ...operation({
          summary: 'Landing page figures',
          description:
            "The variables the data's manifests mark as headline figures: each one's latest value with its date, unit, source and dataset, and its recent values for a trend chart. A figure without a location gives, for each date, the median of the counties with a value, and says how many counties the latest had. Also the datasets whose values span the most years.",
          example: {},
        }),
        response: { 200: HighlightsResponseSchema },
      },
    },
    async ({ language }) => {
      const [figures, records, titles] = await Promise.all([
        landingFigures(db),
        longestRecords(db),
        titlesIn(db, language),
      ]);
      return {
        figures: figures.map((f) => ({ ...f, source: sourceRefIn(f.source, titles) })),
        longestRecords: records,
      };
    },
  );
};
