import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ChoroplethQuerySchema, ChoroplethSchema, MappableVariableListSchema } from '@portal/contract/choropleth';
import { CHOROPLETH_MIN_COUNTIES } from '@portal/contract/choropleth-classes';
import { API } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { operation } from '../../plugins/api-docs.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { sourceRefIn, titlesIn } from '../../services/catalog-titles.ts';
import { choroplethOf, CountyValueCache, mappableVariables } from '../../services/choropleth.ts';

/** A map of any county figure through time: the variables it can show, and one variable's classed county values per period. */
export const choroplethRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const cache = new CountyValueCache(db);
  app.get(
    API.choroplethVariables,
    {
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: {
        ...operation({
          summary: 'Variables a county map can show',
          description: `Every variable with values for at least ${CHOROPLETH_MIN_COUNTIES} of the 47 counties in one period, once per source that offers it (by sector, source and name), with its unit, period kind and the first and last period with county values.`,
          example: {},
        }),
        response: { 200: MappableVariableListSchema },
      },
    },
    async ({ language }) => {
      const [variables, titles] = await Promise.all([mappableVariables(db), titlesIn(db, language)]);
      return variables.map((v) => ({ ...v, source: sourceRefIn(v.source, titles) }));
    },
  );

  app.get(
    API.choropleth,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'A county map of one variable in one period',
          description: [
            "One variable (named with its source, `sector/slug`) at the 47 counties in one period: each county's value (null where the data has none), its class and rank, and its timeseries page; Kenya's value where the data has one; the variable, source and dataset provenance; and every period with county values, oldest first.",
            `The \`period\` is the start date of a period as stored (2019-01-01 for 2019, 2024-03-01 for March 2024); the latest when absent. The class breaks (at most 5 classes) are quantiles (\`method=quantile\`, the default) or natural breaks (\`method=natural\`, Jenks by ckmeans) of every county value of every period (\`classes.scope\` is \`all-periods\`), so a colour means the same values in each period.`,
            `404 for an unknown source or variable; 400 for a variable with values for fewer than ${CHOROPLETH_MIN_COUNTIES} counties in every period, or a period without county values (the message names the first and last).`,
          ].join('\n\n'),
          example: {
            query: {
              source: 'climate/weather-observations',
              variable: 'Rainfall, 1-month rolling, anomaly',
              period: '2024-03-01',
              method: 'quantile',
            },
          },
        }),
        querystring: ChoroplethQuerySchema,
        response: { 200: ChoroplethSchema },
      },
    },
    async ({ query, language }) => {
      const [map, titles] = await Promise.all([choroplethOf(db, cache, query), titlesIn(db, language)]);
      return { ...map, source: sourceRefIn(map.source, titles) };
    },
  );
};
