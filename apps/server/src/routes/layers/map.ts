import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import {
  LayerNameParamsSchema,
  LayerValueQuerySchema,
  LayerValueSchema,
  MapConfigSchema,
  OUTLINE_IMAGE_BOUNDS,
  PointFeaturesSchema,
  OUTLINE_STYLE,
} from '@portal/contract/layers';
import { API, API_ROUTES } from '@portal/contract/paths';
import { findLayers } from '@portal/db/queries/catalog.queries';
import type { Database } from '@portal/db/database';
import { layerValueAt } from '@portal/geo/layer';
import { imageSize, pixelMapper } from '@portal/geo/projection';
import { simplifyAreas } from '@portal/geo/simplify';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { LayerImages } from '../../services/layer-images.ts';
import { describeLayerValue, describePoints, isPointLayer } from '../../services/layer-value.ts';
import type { MapSettings } from '../../config.ts';
import { operation } from '../../plugins/api-docs.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';

// Kenya's counties and border: drawn under the layers so the map makes sense without tiles.
const OUTLINE_FILES = {
  county: 'boundaries/kenya_counties.geojson',
  country: 'boundaries/kenya_national_boundary_ne10m.geojson',
};

/**
 * Share of the outline points kept (the most telling ones, shared borders kept shared): 30 % draws
 * the borders true to a few hundred metres, in about 21 kB compressed against 82 kB for every point,
 * which kept a map page over its 300 kB budget. The base map shows finer borders when zoomed in.
 */
const MAP_OUTLINE_KEEP = 0.3;

/** Kenya's counties and national border, simplified, names only, coordinates to 3 decimals (about 100 m). */
function outline(rawDir: string): FeatureCollection {
  const features = Object.entries(OUTLINE_FILES).flatMap(([level, file]) =>
    simplifyAreas(
      JSON.parse(readFileSync(join(rawDir, file), 'utf8')) as FeatureCollection<Polygon | MultiPolygon>,
      MAP_OUTLINE_KEEP,
    ).map((f): Feature => ({
      type: 'Feature',
      properties: { name: typeof f.properties?.name === 'string' ? f.properties.name : 'Kenya', level },
      geometry: f.geometry,
    })),
  );
  return { type: 'FeatureCollection', features };
}

/**
 * Units along the longer side of the outline's image, its points rounded to whole units (about
 * 600 m): a map page shows the image for the first moments only, at its opening zoom about 120
 * pixels tall. Whole units, each point from the one before, keep it to about 12 kB as sent (36 kB raw).
 */
const OUTLINE_IMAGE_SIZE = 2000;

/**
 * The outline as an SVG image covering OUTLINE_IMAGE_BOUNDS, styled as the map draws it: the
 * counties in one path, the border in another. Its lines keep their width at any size.
 */
function outlineSvg({ features }: FeatureCollection): string {
  const [[south, west], [north, east]] = OUTLINE_IMAGE_BOUNDS;
  const { width, height } = imageSize([west, south, east, north], OUTLINE_IMAGE_SIZE);
  const to = pixelMapper([west, south, east, north], width, height);
  const ring = (points: number[][]) => {
    const [[x0, y0], ...rest] = points.map(([lon, lat]) => [Math.round(to.x(lon)), Math.round(to.y(lat))]);
    const steps = rest.map(([x, y], i) => `${x - (i ? rest[i - 1][0] : x0)} ${y - (i ? rest[i - 1][1] : y0)}`);
    return `M${x0} ${y0}l${steps.join(' ')}Z`;
  };
  const path = (level: string) =>
    features
      .filter((feature) => feature.properties?.level === level)
      .flatMap(({ geometry }) =>
        geometry.type === 'Polygon'
          ? [geometry.coordinates]
          : geometry.type === 'MultiPolygon'
            ? geometry.coordinates
            : [],
      )
      .flatMap((polygon) => polygon.map(ring))
      .join('');
  const { county, country } = OUTLINE_STYLE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<path d="${path('county')}" fill="${county.fillColor}" fill-opacity="${county.fillOpacity}" stroke="${county.color}" stroke-width="${county.weight}" stroke-linejoin="round" vector-effect="non-scaling-stroke"/>`,
    `<path d="${path('country')}" fill="none" stroke="${country.color}" stroke-width="${country.weight}" stroke-linejoin="round" vector-effect="non-scaling-stroke"/>`,
    '</svg>',
  ].join('');
}

/** Degrees covered by a few screen pixels at a zoom: how far a click may miss a line or dot. */
const clickTolerance = (zoom: number) => (360 / (256 * 2 ** zoom)) * 6;

/** The open API around the map: base map settings, the bundled outline and values under a point. */
export const mapRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  images: LayerImages;
  map: MapSettings;
  rawDir: string;
}> = async (app, { db, images, map, rawDir }) => {
  app.get(
    API.mapConfig,
    {
      schema: {
        ...operation({
          summary: 'Base map',
          description: "The tile server and attribution the portal's maps use.",
          example: {},
        }),
        response: { 200: MapConfigSchema },
      },
    },
    async () => map,
  );

  const kenya = outline(rawDir);
  const outlineJson = JSON.stringify(kenya);
  const outlineDoc = operation({
    summary: 'Outline of Kenya',
    description: "Kenya's border as GeoJSON, drawn under every map.",
    example: {},
  });
  app.get(API.mapOutline, { schema: outlineDoc }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('application/geo+json').send(outlineJson),
  );
  const outlineImage = outlineSvg(kenya);
  const outlineImageDoc = operation({
    summary: 'Outline of Kenya as an image',
    description: `The same outline as an SVG image in Web Mercator, covering latitudes ${OUTLINE_IMAGE_BOUNDS[0][0]} to ${OUTLINE_IMAGE_BOUNDS[1][0]} and longitudes ${OUTLINE_IMAGE_BOUNDS[0][1]} to ${OUTLINE_IMAGE_BOUNDS[1][1]}: a map page shows it in the map's place until the map is drawn.`,
    example: {},
  });
  app.get(API.mapOutlineImage, { schema: outlineImageDoc }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(outlineImage),
  );

  app.get(
    API_ROUTES.layerImage,
    {
      config: { rateLimit: READ_LIMIT.rateLimit, errors: ['NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Image of a layer',
          description:
            "A layer's rendered PNG (transparent, in Web Mercator rows), to lay over a map within the bounds the store call gives. Cached for an hour and revalidated by its ETag. 404 for an unknown layer.",
          example: { params: { name: 'Power Stations' } },
        }),
        params: LayerNameParamsSchema,
      },
    },
    async ({ params, headers }, reply) => {
      const [layer] = await findLayers(db, [params.name]);
      if (!layer) throw notFound('error.layerNotFound', { name: params.name });
      const image = await images.image(layer);
      const etag = `"${image.version}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
      if (headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/png').send(image.png);
    },
  );

  app.get(
    API_ROUTES.layerFeatures,
    {
      config: { rateLimit: READ_LIMIT.rateLimit, errors: ['NOT_FOUND', 'VALIDATION_FAILED'] },
      schema: {
        ...operation({
          summary: 'Points of a point layer',
          description:
            "A point layer's points (power stations, substations, dams, towns...) as a GeoJSON FeatureCollection: each point with its name, the legend label of its class and its attributes as a click on the map lists them (label, value, unit). Cached for an hour and revalidated by its ETag. 404 for an unknown layer, 400 for a layer that is not one of points (its image is at /api/v1/layers/{name}/image.png).",
          example: { params: { name: 'Power Stations' } },
        }),
        params: LayerNameParamsSchema,
        // 304: the points have not changed since the ETag sent in If-None-Match.
        response: { 200: PointFeaturesSchema, 304: z.null() },
      },
    },
    async ({ params, headers }, reply) => {
      const [layer] = await findLayers(db, [params.name]);
      if (!layer) throw notFound('error.layerNotFound', { name: params.name });
      const data = layer.kind === 'vector' ? await images.data(layer) : undefined;
      if (data?.kind !== 'vector' || !isPointLayer(data.features))
        throw new AppError('VALIDATION_FAILED', 'error.notPointLayer', { name: params.name });
      const etag = `"${await images.version(layer)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
      if (headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.type('application/geo+json').send(describePoints(layer.style, data.features));
    },
  );

  app.get(
    API_ROUTES.layerValue,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Value of a layer at a point',
          description:
            "What a layer holds at a longitude and latitude (a raster's value or a vector feature's properties), with a tolerance that grows as the map zooms out. 404 for an unknown layer.",
          example: { params: { name: 'Power Stations' }, query: { lon: 36.82, lat: -1.29, zoom: 7 } },
        }),
        params: LayerNameParamsSchema,
        querystring: LayerValueQuerySchema,
        response: { 200: LayerValueSchema },
      },
    },
    async ({ params, query }) => {
      const [layer] = await findLayers(db, [params.name]);
      if (!layer) throw notFound('error.layerNotFound', { name: params.name });
      return describeLayerValue(
        layer,
        layer.style,
        layerValueAt(await images.data(layer), layer.style, query.lon, query.lat, clickTolerance(query.zoom)),
      );
    },
  );
};
