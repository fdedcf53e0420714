import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RasterDownloadBody, WmsLayer } from '@portal/contract/layers';
import { API } from '@portal/contract/paths';
import { ApiError, type CallContext, getJson, postJson } from './client';

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
async function fetchStoreLayers(store: string, call: CallContext): Promise<WmsLayer[]> {
  let answer;
  try {
    answer = await getJson(API.storeLayers(store), 'storeLayers', call);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      throw new LayerLoadError('not-success', error.message);
    throw new LayerLoadError('failed', (error as Error).message);
  }
  if (answer.status !== 'success') throw new LayerLoadError('not-success', answer.error);
  return answer.data;
}

export const storeLayersQuery = (store: string) =>
  queryOptions({
    queryKey: ['wms', store],
    queryFn: (call) => fetchStoreLayers(store, call),
    retry: false,
    staleTime: 5 * 60_000,
  });
export const useStoreLayers = (store: string) => useQuery(storeLayersQuery(store));

export const mapConfigQuery = () =>
  queryOptions({
    queryKey: ['map-config'],
    queryFn: (call) => getJson(API.mapConfig, 'mapConfig', call),
    staleTime: Infinity,
  });
export const useMapConfig = () => useQuery(mapConfigQuery());

/** Kenya's counties and border, bundled by the portal so the map has a base without tiles. */
export const mapOutlineQuery = () =>
  queryOptions({
    queryKey: ['map-outline'],
    queryFn: (call) => getJson(API.mapOutline, 'mapOutline', call),
    staleTime: Infinity,
  });
export const useMapOutline = () => useQuery(mapOutlineQuery());

export const fetchLayerValue = (layer: string, lat: number, lon: number, zoom: number) =>
  getJson(
    `${API.layerValue(layer)}?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}&zoom=${Math.round(zoom)}`,
    'layerValue',
  );

/**
 * A point layer's points, each with its name and attributes: the map draws them as markers. Asked
 * for once the layer is turned on, as an image layer's image is.
 */
export const usePointFeatures = (layer: string, shown: boolean) =>
  useQuery({
    queryKey: ['layer-features', layer],
    enabled: shown,
    queryFn: (call) => getJson(API.layerFeatures(layer), 'layerFeatures', call),
    staleTime: 60 * 60_000,
  });

export const downloadLayers = (body: RasterDownloadBody) => postJson(API.rasterDownload, body, 'rasterDownload');
