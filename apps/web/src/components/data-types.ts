import type { Representation } from '@portal/contract/catalog';

/** Headings of the three data types, as the overview pages and side menus show them. */
export const TYPE_HEADINGS: Record<Representation, string> = {
  external: 'External Data',
  raster: 'Raster Data',
  timeseries: 'Timeseries Data',
};
