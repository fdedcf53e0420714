import type { Representation, SourceDetail } from '@portal/contract/catalog';

/** The pages of one source: its home and its three representations. */
export interface SourceLinks {
  home: string;
  timeseries: string;
  raster: string;
  external: string;
}

/**
 * Paths of a source's pages under /sectors/... or, on filter pages, under /filters/{type}/...
 * The external page uses the source's external slug (water's 'ecosystems').
 */
export function sourceLinks(source: SourceDetail, mode: 'sectors' | 'filters'): SourceLinks {
  const at = (representation: Representation, slug = source.slug) =>
    mode === 'sectors'
      ? `/sectors/${source.sector}/${slug}/${representation}`
      : `/filters/${representation}/${source.sector}/${slug}`;
  return {
    home: source.dataPageURL,
    timeseries: at('timeseries'),
    raster: at('raster'),
    external: at('external', source.externalSlug),
  };
}
