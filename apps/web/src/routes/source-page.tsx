import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from '../routing';
import type { Representation, SourceDetail } from '@portal/contract/catalog';
import { useLayers, useSource } from '../api/catalog';
import { ApiError } from '../api/client';
import { usePageTitle } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { ExternalPanel } from '../features/source/panels';
import { SourceHeader } from '../features/source/source-header';
import { SourceLayout } from '../features/source/source-layout';
import { sourceLinks } from '../features/source/source-links';
import { parseFilterPath, parseSectorPath, type SourceRoute } from '@portal/contract/source-route';
import NotFound from './not-found';

// Each representation is its own chunk: a map page does not load the date picker, nor a timeseries
// page the map's code.
const TimeseriesPanel = lazy(() =>
  import('../features/timeseries/timeseries-panel').then((module) => ({ default: module.TimeseriesPanel })),
);
const RasterPanel = lazy(() =>
  import('../features/maps/raster-panel').then((module) => ({ default: module.RasterPanel })),
);

export const SectorSourcePage = () => <SourcePage mode="sectors" />;
export const FilterSourcePage = () => <SourcePage mode="filters" />;

/** Every page below /sectors/{sector}/ and /filters/{type}/ other than the landings and overviews. */
function SourcePage({ mode }: { mode: 'sectors' | 'filters' }) {
  const params = useParams();
  const segments = (params['*'] ?? '').split('/').filter(Boolean);
  const route =
    mode === 'sectors' ? parseSectorPath(params.sector ?? '', segments) : parseFilterPath(params.type ?? '', segments);
  switch (route.kind) {
    case 'not-found':
      return <NotFound />;
    case 'source-home':
      return <Navigate replace to={`/sectors/${route.sector}/${route.source}/timeseries`} />;
    case 'layer':
      return <FilterLayerPage layer={route.layer} />;
    case 'source':
      return <SourceView route={route} mode={mode} />;
  }
}

function SourceView({ route, mode }: { route: Extract<SourceRoute, { kind: 'source' }>; mode: 'sectors' | 'filters' }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const query = useSource(route.sector, route.source);
  const source = query.data;
  const title = source && t('source.title', { sector: source.sectorTitle, source: source.title });
  // A layer page describes its layer, the source's other pages the source.
  const layer = route.layer ? source?.layers.find((entry) => entry.name === route.layer) : undefined;
  usePageTitle(title, layer?.description ?? source?.description);

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  const backTo = mode === 'sectors' ? `/sectors/${route.sector}` : `/filters/${route.representation}/overview`;
  if (!source) return sourceLoading({ error: query.error, mode, backTo, representation: route.representation });

  // Water's ecosystem source keeps 'ecosystems' in its external path and only there.
  const slugWanted = route.representation === 'external' ? source.externalSlug : source.slug;
  if (route.source !== slugWanted) {
    if (route.representation !== 'external') return <NotFound />;
    return <Navigate replace to={pathname.replace(`/${route.source}`, `/${slugWanted}`)} />;
  }
  // The side menu has no entry for an unknown layer, and a missing entry means /404 (spec section 4).
  if (route.layer && !source.layers.some((layer) => layer.name === route.layer)) return <Navigate replace to="/404" />;

  const links = sourceLinks(source, mode);
  const shown = route.layer ? source.layers.filter((layer) => layer.name === route.layer) : source.layers;
  return (
    <SourceLayout
      menu={{
        mode,
        representation: route.representation,
        activeLayer: route.layer,
        sectorTitle: source.sectorTitle,
        links,
        backTo,
        layers: source.layers,
      }}
    >
      <SourceHeader title={title!} links={links} dataUntil={source.dataUntil} />
      <RepresentationPanel
        source={source}
        representation={route.representation}
        layers={shown}
        store={route.layer ?? `${source.sector}/${source.slug}`}
      />
    </SourceLayout>
  );
}

/** `store` names what the raster map loads (ADR 0008): the layer of a layer page, else the source key. */
function RepresentationPanel({
  source,
  representation,
  layers,
  store,
}: {
  source: SourceDetail;
  representation: SourceRoute extends never ? never : 'timeseries' | 'raster' | 'external';
  layers: SourceDetail['layers'];
  store: string;
}) {
  const { t } = useTranslation();
  if (representation === 'timeseries') {
    return (
      <>
        <p>{source.description}</p>
        <p className="d-print-none">{t('source.timeseriesLead')}</p>
        {/* The texts above show (and paint first) while the panel's code arrives. */}
        <Suspense fallback={<Loading />}>
          <TimeseriesPanel source={source} />
        </Suspense>
      </>
    );
  }
  if (representation === 'raster') {
    // Keyed by store: another layer or source starts with its own overlays, legend and notices.
    return (
      <Suspense fallback={<Loading />}>
        <RasterPanel
          key={store}
          lead={t('source.rasterLead', { sector: source.sectorTitle, source: source.title })}
          store={store}
          layers={layers}
        />
      </Suspense>
    );
  }
  return (
    <ExternalPanel
      lead={t('source.externalLead', { source: source.title, sector: source.sectorTitle.toLowerCase() })}
      links={source.externalLinks}
    />
  );
}

function FilterLayerPage({ layer }: { layer: string }) {
  const { t } = useTranslation();
  const query = useLayers();
  const title = t('source.layerTitle', { layer });
  usePageTitle(title, query.data?.find((entry) => entry.name === layer)?.description);
  if (!query.data)
    return sourceLoading({
      error: query.error,
      mode: 'filters',
      backTo: '/filters/raster/overview',
      representation: 'raster',
    });
  const found = query.data.find((entry) => entry.name === layer);
  if (!found) return <Navigate replace to="/404" />;
  return (
    <SourceLayout
      menu={{
        mode: 'filters',
        representation: 'raster',
        activeLayer: layer,
        backTo: '/filters/raster/overview',
        layers: query.data,
      }}
    >
      <SourceHeader title={title} />
      <Suspense fallback={<Loading />}>
        <RasterPanel key={layer} lead={t('source.layerLead', { layer })} store={layer} layers={[found]} />
      </Suspense>
    </SourceLayout>
  );
}

/**
 * The layout of the page being loaded, so its back links are right before the data arrives. An
 * element rather than a component of its own: the page's layout then stays mounted when the data
 * arrives, and the top bar and footer do not drop their requests to start them again.
 */
function sourceLoading({
  error,
  mode,
  backTo,
  representation,
}: {
  error: Error | null;
  mode: 'sectors' | 'filters';
  backTo: string;
  representation: Representation;
}) {
  // The side menu keeps what it opens with (a map page's layer list open), so it opens as the page will be.
  return (
    <SourceLayout menu={{ mode, representation, backTo, layers: [] }}>
      {error ? <LoadError error={error} /> : <Loading />}
    </SourceLayout>
  );
}
