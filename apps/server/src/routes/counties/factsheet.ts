import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { type CountyOutlines, CountyParamsSchema, FactsheetQuerySchema } from '@portal/contract/counties';
import { API_ROUTES, countyPath } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { operation } from '../../plugins/api-docs.ts';
import { notFound } from '../../plugins/errors.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { sourceRefIn, titlesIn } from '../../services/catalog-titles.ts';
import type { CountyFigures } from '../../services/county-figures.ts';
import { CountyFactsheets, factsheetEtag } from '../../services/factsheets.ts';

interface FactsheetDeps {
  db: Kysely<Database>;
  figures: CountyFigures;
  outlineFeatures: () => Promise<CountyOutlines['features']>;
  siteName: string;
  publicUrl: string;
  /** Start the worker once listening (the server does; tests and benches start it with the first sheet). */
  warm: boolean;
}

const DESCRIPTION =
  "A county's headline figures on at most two A4 pages: each with its period, unit, rank among the counties with a value on that date and Kenya's value; the recent values of the series that have them as small charts; the county on a map of Kenya; the sources and licences; the date it was made; and a QR code to the county's page. In English or Swahili (`lang`, else the reader's language). Made once per data load and kept: revalidate with the ETag (If-None-Match answers 304). 404 for an unknown slug.";

type Request = FastifyRequest<{ Params: { slug: string }; Querystring: { lang?: string } }>;

/**
 * `/api/v1/counties/{slug}/factsheet.pdf`, in the OpenAPI document, and the same answer at
 * `/counties/{slug}/factsheet.pdf` beside the county's page, which links to it.
 */
export function registerFactsheetRoutes(app: FastifyInstance, deps: FactsheetDeps): void {
  const factsheets = new CountyFactsheets();
  if (deps.warm) app.addHook('onListen', async () => factsheets.warm());
  app.addHook('onClose', async () => factsheets.close());

  const answer = async ({ params, language, headers, query }: Request, reply: FastifyReply) => {
    const { stamp, snapshot } = await deps.figures.stamped();
    const county = snapshot.counties.find((c) => c.slug === params.slug);
    if (!county) throw notFound('error.countyNotFound', { slug: params.slug });
    const etag = factsheetEtag(stamp, county.slug, language);
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
    // Without `lang` the language comes from the reader's cookie or browser.
    if (!query.lang) reply.header('Vary', 'Cookie, Accept-Language');
    const asked = headers['if-none-match']?.split(',').map((tag) => tag.trim());
    if (asked?.includes(etag)) return reply.status(304).send(null);
    const pdf = await factsheets.factsheet(stamp, etag, async () => {
      const [titles, outlines] = await Promise.all([titlesIn(deps.db, language), deps.outlineFeatures()]);
      return {
        language,
        siteName: deps.siteName,
        county,
        figures: snapshot.figures.get(county.slug)!.map((f) => ({ ...f, source: sourceRefIn(f.source, titles) })),
        outlines: outlines.map((o) => ({
          slug: o.properties.slug,
          polygons: o.geometry.type === 'Polygon' ? [o.geometry.coordinates] : o.geometry.coordinates,
        })),
        profileUrl: deps.publicUrl + countyPath(county.slug),
        madeAt: new Date().toISOString(),
      };
    });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${county.slug}-factsheet-${language}.pdf"`)
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  };

  const schema = {
    params: CountyParamsSchema,
    querystring: FactsheetQuerySchema,
    // 304: the fact sheet has not changed since the ETag sent in If-None-Match.
    response: { 304: z.null() },
  };
  const config = { ...READ_LIMIT, errors: ['NOT_FOUND' as const] };
  app.get(
    API_ROUTES.countyFactsheet,
    {
      config,
      schema: {
        ...operation({
          summary: 'A county fact sheet (PDF)',
          description: DESCRIPTION,
          example: { params: { slug: 'turkana' }, query: { lang: 'sw' } },
        }),
        ...schema,
      },
    },
    answer,
  );
  app.get(API_ROUTES.countyFactsheetPage, { config, schema: { hide: true, ...schema } }, answer);
}
