import { RasterDownloadBodySchema } from '@portal/contract/layers';
import { downloadLayers } from '../../api/layers';
import { downloadBase64 } from '../../components/download';
import { storedLayerNames, storeKey } from './map-state';

/**
 * The raster export's call (spec sections 5-7): the layer names kept for the store, checked by the
 * contract's schema as the server checks them, then the zip saved as K.zip. Without a kept list
 * nothing happens.
 */
export async function exportStoreLayers(store: string): Promise<void> {
  const body = RasterDownloadBodySchema.safeParse({ layers: storedLayerNames(sessionStorage, store) });
  if (!body.success) return;
  const { file } = await downloadLayers(body.data);
  downloadBase64(file, `${storeKey(store)}.zip`);
}
