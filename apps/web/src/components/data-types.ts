import type { Representation } from '@portal/contract/catalog';
import type { MessageKey } from '@portal/contract/messages';

/** Catalogue keys of the three data types' headings, as the overview pages and side menus show them. */
export const TYPE_HEADING_KEYS = {
  external: 'dataType.external',
  raster: 'dataType.raster',
  timeseries: 'dataType.timeseries',
} as const satisfies Record<Representation, MessageKey>;
