import { downloadLayers } from '../../api/layers';
import { downloadBase64 } from '../../components/download';
import { loginCheck } from '../exports/login-check';
import { storedLayerNames, storeKey } from './map-state';

export const EXPORT_FAILED = 'Failed to export data, try again';

/**
 * The raster export (spec sections 5-7): a stored e-mail confirmed by the login check, then the
 * layer names kept for the store, then the zip saved as K.zip. 'nothing' when no layer list is kept.
 */
export async function exportStoreLayers(store: string): Promise<'done' | 'login' | 'check-failed' | 'nothing' | 'failed'> {
  const login = await loginCheck();
  if (login !== 'ok') return login === 'login' ? 'login' : 'check-failed';
  const names = storedLayerNames(sessionStorage, store);
  if (!names?.length) return 'nothing';
  try {
    const { file } = await downloadLayers(names);
    downloadBase64(file, `${storeKey(store)}.zip`);
    return 'done';
  } catch {
    return 'failed';
  }
}
