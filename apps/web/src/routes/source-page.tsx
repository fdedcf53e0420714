import { lazy, Suspense } from 'react';
import { data, type Params, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from '../routing';
import type { Representation, SourceDetail } from '@portal/contract/catalog';
import { API } from '@portal/contract/paths';
import { layersQuery, sourceQuery, useLayers, useSource } from '../api/catalog';
import { mapConfigQuery, storeLayersQuery } from '../api/layers';
import { locationsQuery, variablesQuery } from '../api/timeseries';
import { routeData } from '../route-data';
import { ApiError } from '../api/client';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { ExternalPanel } from '../features/source/panels';
import { addressedTimeseries } from '../features/share/timeseries-view';
import { viewImagePath } from '@portal/contract/share';
import { useLanguage } from '../i18n';
import { SourceHeader } from '../features/source/source-header';
import { SourceLayout } from '../features/source/source-layout';
import { sourceLinks } from '../features/source/source-links';
import { parseFilterPath, parseSectorPath, type SourceRoute } from '@portal/contract/source-route';
import NotFound from './not-found';
import { FollowToggle } from '../features/follows/follow-toggle';

// Each representation is its own chunk: a map page does not load the date picker, nor a timeseries
// page the map's code.
const TimeseriesPanel = lazy(() =>
  import('../features/timeseries/timeseries-panel').then((module) => ({ default: module.TimeseriesPanel })),
);
const RasterPanel = lazy(() =>
  import('../features/maps/raster-panel').then((module) => ({ default: module.RasterPanel })),
);

/** The page a path below /sectors/{sector}/ (route sector-source) or /filters/{type}/ (route filter-source) asks for. */
function pageOf(params: Params): { mode: 'sectors' | 'filters'; route: SourceRoute } {
  const segments = (params['*'] ?? '').split('/').filter(Boolean);
  return params.type === undefined
    ? { mode: 'sectors', route: parseSectorPath(params.sector ?? '', segments) }
    : { mode: 'filters', route: parseFilterPath(params.type, segments) };
}

const storeOf = (route: Extract<SourceRoute, { kind: 'source' }>) => route.layer ?? `${route.sector}/${route.source}`;

const pageData = routeData(
  ({ params }) => {
    const { route } = pageOf(params);
    if (route.kind === 'layer') return [layersQuery(), storeLayersQuery(route.layer), mapConfigQuery()];
    if (route.kind !== 'source') return [];
    const { sector, source, representation } = route;
    if (representation === 'timeseries')
      return [sourceQuery(sector, source), variablesQuery(sector, source), locationsQuery(sector, source)];
    if (representation === 'raster')
      return [sourceQuery(sector, source), storeLayersQuery(storeOf(route)), mapConfigQuery()];
    return [sourceQuery(sector, source)];
  },
  {
    // The addresses the page itself would send elsewhere, sent there by the server at once.
    check: (client, { params, url }) => {
      const { route } = pageOf(params);
      if (route.kind === 'not-found') throw data(null, { status: 404 });
      if (route.kind === 'source-home') throw redirect(`/sectors/${route.sector}/${route.source}/timeseries`);
      if (route.kind === 'layer') {
        const layers = client.getQueryData(layersQuery().queryKey);
        if (layers && !layers.some((entry) => entry.name === route.layer)) throw redirect('/404');
        return;
      }
      const source = client.getQueryData(sourceQuery(route.sector, route.source).queryKey);
      if (!source) return;
      const slugWanted = route.representation === 'external' ? source.externalSlug : source.slug;
      if (route.source !== slugWanted) {
        if (route.representation !== 'external') throw data(null, { status: 404 });
        throw redirect(url.pathname.replace(`/${route.source}`, `/${slugWanted}`));
      }
      if (route.layer && !source.layers.some((layer) => layer.name === route.layer)) throw redirect('/404');
    },
  },
);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** Every page below /sectors/{sector}/ and /filters/{type}/ other than the landings and overviews. */
export default function SourcePage() {
  const { mode, route } = pageOf(useParams());
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
  const [searchParams] = useSearchParams();
  const language = useLanguage();
  const query = useSource(route.sector, route.source);
  const source = query.data;
  const title = source && t('source.title', { sector: source.sectorTitle, source: source.title });
  // A layer page describes its layer, the source's other pages the source.
  const layer = route.layer ? source?.layers.find((entry) => entry.name === route.layer) : undefined;
  const feed = source && {
    path: API.sourceFeed(source.sector, source.slug),
    title: t('feed.title.source', { sector: source.sectorTitle, source: source.title }),
  };
  // A timeseries page whose address selects a chart shows that chart in link previews.
  const view =
    route.representation === 'timeseries'
      ? addressedTimeseries(`${route.sector}/${route.source}`, searchParams)
      : undefined;
  const head = (
    <PageHead
      title={title}
      description={layer?.description ?? source?.description}
      feed={feed}
      image={view && viewImagePath(view, 'png', language)}
    />
  );

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
      {head}
      <SourceHeader title={title!} links={links} dataUntil={source.dataUntil} />
      <FollowToggle kind="source" target={`${source.sector}/${source.slug}`} />
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
  const head = <PageHead title={title} description={query.data?.find((entry) => entry.name === layer)?.description} />;
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
      {head}
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
