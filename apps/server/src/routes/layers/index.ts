import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  RasterDownloadBodySchema,
  RasterDownloadResponseSchema,
  WmsQuerySchema,
  WmsResponseSchema,
  type WmsLayer,
} from '@portal/contract/layers';
import { API } from '@portal/contract/paths';
import { findLayers, findSource, listLayers } from '@portal/db/queries/catalog.queries';
import type { Database } from '@portal/db/database';
import type { Layer } from '@portal/db/queries/catalog.queries';
import { toLatLngBounds } from '@portal/geo/projection';
import { AppError } from '../../plugins/errors.ts';
import { requireSession } from '../../plugins/session.ts';
import type { LayerImages } from '../../services/layer-images.ts';
import { buildRasterZip } from '../../services/raster-export.ts';
import type { ReadGate } from '../../services/read-gate.ts';
import { recordExport } from '@portal/db/queries/export-log.queries';
import { operation } from '../../plugins/api-docs.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';

const SOURCE_KEY = /^([a-z0-9-]+)\/([a-z0-9-]+)$/;

/**
 * The layers a store name stands for (ADR 0008): a layer name gives that layer, a source key
 * 'sector/source' gives the source's layers. Names only ever select catalogue rows.
 */
export async function layersOfStore(db: Kysely<Database>, store: string): Promise<Layer[] | undefined> {
  const [layer] = await findLayers(db, [store]);
  if (layer) return [layer];
  const match = SOURCE_KEY.exec(store);
  if (!match) return undefined;
  const source = await findSource(db, match[1], match[2]);
  return source ? listLayers(db, source.id) : undefined;
}

/** The spec's map calls: layer images of a store, and the raster export. */
export const layerRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  images: LayerImages;
  portalName: string;
  gate: ReadGate;
}> = async (app, { db, images, portalName, gate }) => {
  app.get(
    API.wms,
    // The spec reads a status other than success, so this call's errors keep `status` (plugins/errors.ts).
    {
      config: { rateLimit: READ_LIMIT.rateLimit, errorShape: 'wms', errors: ['NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Layer images of a store',
          description:
            "The PNG images (base64), bounds and names of a store's layers: a layer name with spaces, or a source key. With images=none the images are left out (empty strings), to be fetched one by one from /api/v1/layers/{name}/image.png. 404 for an unknown store.",
          example: { query: { store: 'Power Stations' } },
        }),
        querystring: WmsQuerySchema,
        response: { 200: WmsResponseSchema },
      },
    },
    async (request) => {
      const layers = await layersOfStore(db, request.query.store);
      if (!layers) throw new AppError('NOT_FOUND', 'error.storeNotFound', { store: request.query.store });
      const data: WmsLayer[] = [];
      for (const layer of layers) {
        const image = await images.image(layer);
        data.push([
          request.query.images === 'none' ? '' : image.png.toString('base64'),
          toLatLngBounds(image.bbox),
          layer.name,
        ]);
      }
      return { status: 'success' as const, data };
    },
  );

  app.post(
    API.rasterDownload,
    {
      preHandler: requireSession(db),
      config: { rateLimit: READ_LIMIT.rateLimit, errors: ['LOGIN_REQUIRED', 'NOT_FOUND'] },
      schema: {
        ...operation({
          summary: 'Download map layers',
          description:
            'A base64 zip with, per layer, the original file, a PNG with its world file, and a README with provenance, licence and citation. 401 without a session.',
          example: { body: { layers: ['Power Stations'] } },
          access: 'session',
        }),
        body: RasterDownloadBodySchema,
        response: { 200: RasterDownloadResponseSchema },
      },
    },
    async (request) => {
      const names = [...new Set(request.body.layers)];
      const layers = await findLayers(db, names);
      const missing = names.filter((name) => !layers.some((layer) => layer.name === name));
      if (missing.length) throw new AppError('NOT_FOUND', 'error.unknownLayers', { names: missing.join(', ') });
      const zip = await buildRasterZip(request, portalName, layers, images, gate);
      await recordExport(db, request.sessionUser!.id, `Map layers: ${names.join(', ')}`);
      return { file: zip.toString('base64') };
    },
  );
};
