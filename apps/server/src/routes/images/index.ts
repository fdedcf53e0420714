import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import fresh from 'fresh';
import type { Kysely } from 'kysely';
import type { Site } from '@portal/contract/catalog';
import { apaCitation } from '@portal/contract/citation';
import { ChoroplethQuerySchema } from '@portal/contract/choropleth';
import type { CountyOutlines } from '@portal/contract/counties';
import {
  CardImageQuerySchema,
  CompareImageQuerySchema,
  CountyImageParamsSchema,
  IMAGE_SIZES,
  type ImageData,
  type ImageFormat,
  ImageFormatParamsSchema,
  TimeseriesImageQuerySchema,
} from '@portal/contract/images';
import { LANGUAGE_COOKIE, type Translate } from '@portal/contract/messages';
import { API_ROUTES } from '@portal/contract/paths';
import { PREVIEW_ROW_LIMIT, todayIso } from '@portal/contract/timeseries';
import type { Database } from '@portal/db/database';
import { findSource } from '@portal/db/queries/catalog.queries';
import { listDatasets } from '@portal/db/queries/timeseries.queries';
import { operation } from '../../plugins/api-docs.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';
import { choroplethOf, CountyValueCache } from '../../services/choropleth.ts';
import { CountyFigures } from '../../services/county-figures.ts';
import { countyOutlines } from '../../services/county-outlines.ts';
import { drawPng, drawSvg } from '../../services/images/draw.ts';
import { cardDrawing, cardEtag, headOf, landingCardFigures } from '../../services/images/card.ts';
import { landingFigures } from '../../services/highlights.ts';
import { choroplethView } from '../../services/images/choropleth-image.ts';
import { compareView, countyView } from '../../services/images/county-images.ts';
import { timeseriesView } from '../../services/images/timeseries-image.ts';
import { bodySize, drawingOf } from '../../services/images/frame.ts';
import { absolute, type ImageView, tableCsv, type ViewContext } from '../../services/images/view.ts';
import type { ReadGate } from '../../services/read-gate.ts';
import { previewOf, resolveQuery, tooLarge } from '../../services/timeseries-query.ts';
import { refuseLateEnd } from '../timeseries/index.ts';
import { toProvenance } from '../timeseries/to-dto.ts';

/** Images of the portal's views are as public as their data, and other sites may show them. */
const CACHE = 'public, max-age=3600';

const FORMATS_TEXT =
  "`.png` and `.svg` (1200x630, with the title, period, unit, source, licence, the portal's name and the page's address; the SVG names its title and source in `<title>` and `<desc>`), `.csv` and `.json` (exactly the values the image shows; the JSON with the texts, the datasets and an APA reference to each). `lang=en|sw` chooses the language, else the request's.";

const MEDIA: Record<ImageFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/**
 * Images of the timeseries chart, the county map, a county profile and the comparison of counties,
 * drawn on the server (ADR 0041), with their data as CSV and JSON at the same address.
 */
export const imageRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  site: Site;
  publicUrl: string;
  rawDir: string;
  maxCells: number;
  gate: ReadGate;
}> = async (app, { db, site, publicUrl, rawDir, maxCells, gate }) => {
  const values = new CountyValueCache(db);
  const figures = new CountyFigures(db);
  let outlines: CountyOutlines | undefined;

  // Set before the handler, so refusals carry it too: another site showing a broken image sees why.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  });

  const context = (t: Translate, language: ViewContext['language']): ViewContext => ({
    t,
    language,
    publicUrl,
    size: IMAGE_SIZES.card,
  });

  /** The view in the format asked for: drawn, or its table as CSV, or its texts, datasets and table as JSON. */
  async function answer(reply: FastifyReply, view: ImageView, format: ImageFormat, ctx: ViewContext) {
    const datasets = (await listDatasets(db, view.datasetIds)).map(toProvenance);
    const texts = {
      ...view.texts,
      sources: datasets.map((d) => `${d.publisher}: ${d.title}`),
      licences: datasets.map((d) => d.licence),
      siteName: site.name,
    };
    // Without `lang`, the words follow the cookie or Accept-Language: a shared cache keeps one image per language.
    reply.header('Cache-Control', CACHE).header('Vary', 'Cookie, Accept-Language').type(MEDIA[format]);
    if (format === 'csv') return reply.send(tableCsv(view.table));
    if (format === 'json') {
      const portal = { name: site.name, origin: publicUrl };
      const data: ImageData = {
        title: texts.title,
        period: texts.period,
        units: [...new Set(texts.units)],
        page: texts.page,
        datasets: datasets.map((d) => ({
          ...d,
          reference: apaCitation({
            dataset: d,
            version: d.version,
            loadedAt: d.loadedAt,
            accessed: todayIso(),
            portal,
          }),
        })),
        ...view.table,
      };
      return reply.send(JSON.stringify(data));
    }
    const svgText = await drawSvg(drawingOf(texts, ctx.t, ctx.size, view.body(bodySize(ctx.size))));
    return reply.send(format === 'svg' ? svgText : await drawPng(svgText));
  }

  app.get(
    API_ROUTES.timeseriesImage,
    {
      config: { ...READ_LIMIT, errors: ['NOT_FOUND', 'QUERY_TOO_LARGE'] },
      schema: {
        ...operation({
          summary: 'Image of a timeseries chart',
          description: [
            "The timeseries page's chart for its query (`source` as `sector/slug`, `variable` and `location` repeated, `start`, `end`): lines over time, or bars by place, highest first, for one date (or two or three dates of several places), drawn from the preview's rows (the first 500).",
            FORMATS_TEXT,
            "400 with the preview's messages for a selection it refuses (dates, too many values, nothing found); 404 for an unknown source.",
          ].join('\n\n'),
          example: {
            params: { format: 'png' },
            query: {
              source: 'climate/weather-observations',
              variable: ['Rainfall, 1-month rolling'],
              location: ['Turkana', 'Nakuru'],
              start: '2020-01-01',
              end: '2023-12-31',
            },
          },
        }),
        params: ImageFormatParamsSchema,
        querystring: TimeseriesImageQuerySchema,
      },
    },
    async ({ params, query, t, language }, reply) => {
      // The image's schema asks for a source; the preview's own rules leave it optional.
      const sourceName = query.source!;
      const [sector, slug] = sourceName.split('/');
      const source = await findSource(db, sector, slug);
      if (!source) throw notFound('error.sourceNotFound', { source: sourceName });
      const input = { ...query, source: source.id };
      await refuseLateEnd(db, input);
      const resolved = await resolveQuery(db, input);
      const refusal = resolved && tooLarge(resolved, maxCells);
      if (refusal) throw new AppError('QUERY_TOO_LARGE', refusal.key, refusal.values);
      const { total, rows } = resolved
        ? await previewOf(db, resolved, PREVIEW_ROW_LIMIT, gate)
        : { total: 0, rows: [] };
      if (!resolved || total === 0) throw new AppError('VALIDATION_FAILED', 'timeseries.noData');
      const variables = [...resolved.variables.values()];
      const preview = {
        query: { ...query, source: `${source.sector_slug}/${source.slug}` },
        rows: rows.map((o) => [o.timestamp, o.variable, o.value, o.location] as [string, string, number, string]),
        total,
        units: Object.fromEntries(variables.map((v) => [v.name, v.unit])),
        datasetIds: [...new Set(variables.map((v) => v.datasetId))],
      };
      const ctx = context(t, language);
      return answer(reply, timeseriesView(preview, ctx), params.format, ctx);
    },
  );

  app.get(
    API_ROUTES.choroplethImage,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Image of a county map',
          description: [
            "The county map's address (`source`, `variable`, `period`, `method`, as /api/v1/choropleth takes them): the 47 counties in the map's class colours, with its legend.",
            FORMATS_TEXT,
            '404 for an unknown source or variable; 400 as /api/v1/choropleth refuses.',
          ].join('\n\n'),
          example: {
            params: { format: 'png' },
            query: {
              source: 'climate/weather-observations',
              variable: 'Rainfall, 1-month rolling',
              period: '2024-03-01',
            },
          },
        }),
        params: ImageFormatParamsSchema,
        querystring: ChoroplethQuerySchema,
      },
    },
    async ({ params, query, t, language }, reply) => {
      const [map, snapshot] = await Promise.all([choroplethOf(db, values, query), figures.snapshot()]);
      outlines ??= countyOutlines(rawDir, snapshot.counties);
      const ctx = context(t, language);
      return answer(reply, choroplethView(map, outlines, ctx), params.format, ctx);
    },
  );

  app.get(
    API_ROUTES.countyImage,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: "Image of a county's headline figures",
          description: [
            "The county profile's headline figures: each one's latest value, date, rank among the counties and Kenya's value.",
            FORMATS_TEXT,
            '404 for an unknown slug.',
          ].join('\n\n'),
          example: { params: { slug: 'turkana', format: 'png' } },
        }),
        params: CountyImageParamsSchema,
      },
    },
    async ({ params, t, language }, reply) => {
      const snapshot = await figures.snapshot();
      const county = snapshot.counties.find((c) => c.slug === params.slug);
      if (!county) throw notFound('error.countyNotFound', { slug: params.slug });
      const ctx = context(t, language);
      return answer(reply, countyView(county, snapshot.figures.get(county.slug)!, ctx), params.format, ctx);
    },
  );

  app.get(
    API_ROUTES.compareImage,
    {
      config: READ_LIMIT,
      schema: {
        ...operation({
          summary: 'Image of counties compared',
          description: [
            "The compare page's table for its counties (`c` repeated, one to four slugs): each headline figure's latest value in each county.",
            FORMATS_TEXT,
            '404 for an unknown slug.',
          ].join('\n\n'),
          example: { params: { format: 'png' }, query: { c: ['kwale', 'lamu'] } },
        }),
        params: ImageFormatParamsSchema,
        querystring: CompareImageQuerySchema,
      },
    },
    async ({ params, query, t, language }, reply) => {
      const snapshot = await figures.snapshot();
      const compared = [...new Set(query.c)].map((slug) => {
        const county = snapshot.counties.find((c) => c.slug === slug);
        if (!county) throw notFound('error.countyNotFound', { slug });
        return { county, figures: snapshot.figures.get(slug)! };
      });
      const ctx = context(t, language);
      return answer(reply, compareView(compared, ctx), params.format, ctx);
    },
  );

  app.get(
    API_ROUTES.cardImage,
    {
      config: { ...READ_LIMIT, errors: ['NOT_FOUND'] },
      schema: {
        ...operation({
          summary: "A page's social card",
          description: [
            "The 1200x630 PNG that link previews (Open Graph, Twitter cards) show for a page without a chart or map of its own: the portal's name, the page's title and description as the page gives them, and its address. `path` is the page's path with its query, if any; `lang=en|sw` chooses the language, else the request's.",
            'Revalidate with the ETag (If-None-Match answers 304): it changes only when the words on the card do.',
            "400 for a path that is not one of the portal's pages (an absolute address, `//`, `/api`); 404 when no page answers there.",
          ].join('\n\n'),
          example: { query: { path: '/datasets', lang: 'sw' } },
        }),
        querystring: CardImageQuerySchema,
      },
    },
    async (request, reply) => {
      const { path } = request.query;
      const { language } = request;
      // The page's own head says what it is: rendered as a reader of that language would get it.
      const page = await app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'text/html', cookie: `${LANGUAGE_COOKIE.name}=${language}` },
        remoteAddress: request.ip,
      });
      const head = page.statusCode === 200 ? headOf(page.body, site.name) : undefined;
      if (!head) throw notFound('error.noRoute', { method: 'GET', path });
      // The landing page is the one page besides the views that shows figures: its card shows them too.
      const highlights = new URL(path, publicUrl).pathname === '/' ? await landingFigures(db) : [];
      const figures = landingCardFigures(highlights, request.t, language);
      const publishers = [...new Set(highlights.slice(0, figures.length).map((h) => h.dataset.publisher))];
      const card = {
        siteName: site.name,
        ...head,
        page: absolute(publicUrl, path),
        language,
        figures,
        sources: publishers.length ? request.t('image.source', { sources: publishers.join('; ') }) : '',
      };
      const etag = cardEtag(card);
      reply.header('Cache-Control', CACHE).header('Vary', 'Cookie, Accept-Language').header('ETag', etag);
      if (fresh(request.headers, { etag })) return reply.status(304).send(null);
      const drawing = cardDrawing(card);
      return reply.type(MEDIA.png).send(await drawPng(await drawSvg(drawing)));
    },
  );
};
