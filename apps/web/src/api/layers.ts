import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  LayerValueSchema,
  MapConfigSchema,
  type RasterDownloadBody,
  RasterDownloadResponseSchema,
  type WmsLayer,
  WmsResponseSchema,
} from '@portal/contract/layers';
import { API } from '@portal/contract/paths';
import { ApiError, getJson, postJson } from './client';

/** Why a store's layers could not be shown: the server said no, or the request itself failed. */
export class LayerLoadError extends Error {
  constructor(
    readonly reason: 'not-success' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The layers of a store (spec section 7), without their images: the map fetches each image from its
 * own address when the layer is turned on, so a page opens with the names and bounds only (the
 * infrastructure store: 1 kB instead of 240). A status other than success, from a 4xx answer or in
 * the body, is 'not-success'; a network failure or server error is 'failed'.
 */
export async function fetchStoreLayers(store: string, signal?: AbortSignal): Promise<WmsLayer[]> {
  let answer;
  try {
    answer = await getJson(API.storeLayers(store), WmsResponseSchema, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      throw new LayerLoadError('not-success', error.message);
    throw new LayerLoadError('failed', (error as Error).message);
  }
  if (answer.status !== 'success') throw new LayerLoadError('not-success', answer.error);
  return answer.data;
}

export const useStoreLayers = (store: string) =>
  useQuery({
    queryKey: ['wms', store],
    queryFn: ({ signal }) => fetchStoreLayers(store, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useMapConfig = () =>
  useQuery({
    queryKey: ['map-config'],
    queryFn: ({ signal }) => getJson(API.mapConfig, MapConfigSchema, signal),
    staleTime: Infinity,
  });

/** Kenya's counties and border, bundled by the portal so the map has a base without tiles. */
export const useMapOutline = () =>
  useQuery({
    queryKey: ['map-outline'],
    queryFn: ({ signal }) =>
      getJson(
        API.mapOutline,
        z.custom<GeoJSON.FeatureCollection>((v) => typeof v === 'object' && v !== null),
        signal,
      ),
    staleTime: Infinity,
  });

export const fetchLayerValue = (layer: string, lat: number, lon: number, zoom: number) =>
  getJson(
    `${API.layerValue(layer)}?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}&zoom=${Math.round(zoom)}`,
    LayerValueSchema,
  );

export const downloadLayers = (body: RasterDownloadBody) =>
  postJson(API.rasterDownload, body, RasterDownloadResponseSchema);
