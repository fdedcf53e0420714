import { lazy, Suspense, useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { preconnect } from 'react-dom';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../routing';
import type { LayerSummary } from '@portal/contract/catalog';
import type { Bounds } from '@portal/contract/layers';
import { API } from '@portal/contract/paths';
import type { Translate } from '@portal/contract/messages';
import { LayerLoadError, useMapConfig, useStoreLayers } from '../../api/layers';
import { DismissibleAlert } from '../../components/status';
import { useExport } from '../exports/use-export';
import { exportStoreLayers } from './export-layers';
import { LayerLegend } from './layer-legend';
import {
  DEFAULT_OPACITY,
  imagePlacement,
  KENYA_BOUNDS,
  type MapView,
  mapViewFromParams,
  openingView,
  overlayReducer,
  placementWithin,
  type PointView,
  pointStyles,
  rememberStoreLayers,
  SPEC_VIEW,
  tileOrigin,
} from './map-state';

// Leaflet is loaded only when a raster page is opened.
const loadRasterMap = () => import('./raster-map');
const RasterMap = lazy(loadRasterMap);

const neverChanges = () => () => undefined;
const inABrowser = () => true;
const onTheServer = () => false;

/** Text shown when the layers cannot be had (spec section 8). */
function loadErrorText(t: Translate, error: Error): string {
  if (error instanceof LayerLoadError && error.reason === 'not-success') return t('maps.loadFailed');
  return t('maps.loadError', { message: error.message });
}

/** Kenya's outline at a point view: placed from the box's centre, as Leaflet opens there. */
function OutlineAtPoint({ view }: { view: PointView }) {
  const { t } = useTranslation();
  const { left, top, width, height } = imagePlacement(KENYA_BOUNDS, view);
  return (
    <img
      src={API.mapOutlineImage}
      alt={t('maps.outline')}
      fetchPriority="high"
      className="at-point"
      style={{
        left: `calc(50% + ${left.toFixed(1)}px)`,
        top: `calc(50% + ${top.toFixed(1)}px)`,
        width: `${width.toFixed(1)}px`,
        height: `${height.toFixed(1)}px`,
      }}
    />
  );
}

/** Position and size of an image in a fitted box, in per cent of the box. */
const inPercent = ({ left, top, width, height }: ReturnType<typeof placementWithin>) => ({
  left: `${left.toFixed(2)}%`,
  top: `${top.toFixed(2)}%`,
  width: `${width.toFixed(2)}%`,
  height: `${height.toFixed(2)}%`,
});

/**
 * Kenya's outline and the layers turned on, in a box fitted to `bounds` and centred in the map's box
 * (its width and height from the frame's container units, so the server needs no screen size).
 */
function FittedPreview({ bounds, overlays }: { bounds: Bounds; overlays: { name: string; bounds: Bounds }[] }) {
  const { t } = useTranslation();
  const { aspectRatio } = placementWithin(bounds, bounds);
  return (
    <div
      className="fitted"
      style={{
        width: `min(100cqw, ${(100 * aspectRatio).toFixed(2)}cqh)`,
        height: `min(100cqh, ${(100 / aspectRatio).toFixed(2)}cqw)`,
      }}
    >
      <img
        src={API.mapOutlineImage}
        alt={t('maps.outline')}
        fetchPriority="high"
        style={inPercent(placementWithin(KENYA_BOUNDS, bounds))}
      />
      {overlays.map((overlay) => (
        <img
          key={overlay.name}
          src={API.layerImage(overlay.name)}
          alt={t('maps.layerAlt', { name: overlay.name })}
          style={{ ...inPercent(placementWithin(overlay.bounds, bounds)), opacity: DEFAULT_OPACITY }}
        />
      ))}
    </div>
  );
}

/**
 * What the map will show when it opens (openingView), in the map's box, until the map is drawn: the
 * page the server rendered shows it at once, and the map (Leaflet, which needs a browser) takes its
 * place once its code has loaded. The outline is the page's largest image at first: it is fetched first.
 * At the spec's view, a box too narrow to show Kenya shows it fitted instead, as the map will open
 * there; a container query chooses, since the server does not know the screen's width.
 */
function MapPreview({ view, overlays }: { view: MapView | null; overlays: { name: string; bounds: Bounds }[] }) {
  if (view && 'center' in view)
    return (
      <div className="raster-map map-preview">
        <OutlineAtPoint view={view} />
      </div>
    );
  if (view)
    return (
      <div className="raster-map map-preview">
        <FittedPreview bounds={view.bounds} overlays={overlays} />
      </div>
    );
  // styles.css hides one of the two by the frame's width (narrowestBoxShowingKenya, a test holds them equal).
  return (
    <div className="raster-map map-preview at-spec-view">
      <OutlineAtPoint view={SPEC_VIEW} />
      <FittedPreview bounds={KENYA_BOUNDS} overlays={[]} />
    </div>
  );
}

/**
 * The 'Raster Data' card: Export button, lead text, loading state or hint, the map of the store's
 * layers, and the legend with opacity sliders of the layers turned on.
 */
export function RasterPanel({ lead, store, layers }: { lead: string; store: string; layers: LayerSummary[] }) {
  const { t } = useTranslation();
  const query = useStoreLayers(store);
  const config = useMapConfig().data;
  const [params] = useSearchParams();
  // The address may name layers to turn on and a point to open at (a search result's link).
  const [opening] = useState(() => mapViewFromParams(params));
  const [overlays, dispatch] = useReducer(overlayReducer, opening.overlays);
  const [notice, setNotice] = useState<string | null>(null);
  const exporter = useExport(exportStoreLayers, setNotice);
  // The map is drawn in a browser only: the server, and the page as it hydrates, render the
  // outline in its place (the server's snapshot), then the map follows.
  const inBrowser = useSyncExternalStore(neverChanges, inABrowser, onTheServer);
  // Leaflet's chunk and the connection to the tile server are made ready while the map's settings
  // and layers are on their way, not one after the other.
  useEffect(() => void loadRasterMap(), []);
  const tiles = config && tileOrigin(config.tileUrl);
  // The connection to the tile server opens while Leaflet loads.
  if (tiles) preconnect(tiles);

  useEffect(() => {
    if (query.data) rememberStoreLayers(sessionStorage, store, query.data);
  }, [query.data, store]);

  // A layer the address names that this store does not hold is forgotten once the layers arrive.
  useEffect(() => {
    const names = new Set(query.data?.map(([, , name]) => name));
    if (query.data)
      opening.overlays.visible.filter((name) => !names.has(name)).forEach((name) => dispatch({ type: 'hidden', name }));
  }, [query.data, opening]);

  // A layer page's store is its layer (ADR 0008); the address may turn others on.
  const boundsOf = (name: string | undefined) => layers.find((layer) => layer.name === name)?.bounds ?? null;
  const view = openingView(opening.view, boundsOf(opening.overlays.visible[0] ?? store));
  const shownAtFirst = opening.overlays.visible.flatMap((name) => {
    const bounds = boundsOf(name);
    return bounds ? [{ name, bounds }] : [];
  });
  const preview = <MapPreview view={view} overlays={shownAtFirst} />;

  const runExport = () => {
    setNotice(null);
    exporter.mutate(store);
  };

  return (
    <Card className="data-panel">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h5 mb-0">{t('dataType.raster')}</h2>
        <Button variant="primary" size="sm" className="action-button" onClick={runExport} disabled={exporter.isPending}>
          {exporter.isPending ? (
            <>
              <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />
              {t('export.pending')}
            </>
          ) : (
            t('export.button')
          )}
        </Button>
      </Card.Header>
      <Card.Body>
        <p className="lead fs-6">{lead}</p>
        {notice && (
          <DismissibleAlert variant="danger" onClose={() => setNotice(null)}>
            {notice}
          </DismissibleAlert>
        )}
        {query.isPending && (
          <p className="d-flex align-items-center gap-2" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {t('maps.loading')}
          </p>
        )}
        {query.error && (
          <div className="alert alert-danger" role="alert">
            {loadErrorText(t, query.error)}
          </div>
        )}
        {query.data &&
          (query.data.length ? (
            <p className="map-hint">{t('maps.hint')}</p>
          ) : (
            <p className="text-body-secondary">{t('maps.noLayers')}</p>
          ))}
        <div className="map-frame">
          {inBrowser && config ? (
            <Suspense fallback={preview}>
              <RasterMap
                config={config}
                layers={query.data}
                overlays={overlays}
                view={view}
                pointStyles={pointStyles(layers)}
                onToggle={(name, shown) => dispatch({ type: shown ? 'shown' : 'hidden', name })}
              />
            </Suspense>
          ) : (
            preview
          )}
        </div>
        <LayerLegend
          layers={layers}
          overlays={overlays}
          onOpacity={(name, value) => dispatch({ type: 'opacity', name, value })}
        />
        {layers.length > 0 && (
          <details className="mt-3">
            <summary>{t('maps.about')}</summary>
            <dl className="layer-details mb-0 mt-2">
              {layers.map((layer) => (
                <div key={layer.name} className="mb-2">
                  <dt>{layer.menuLabel}</dt>
                  <dd className="mb-0 small">
                    {layer.description} {t('maps.credit', { publisher: layer.publisher, licence: layer.licence })}.
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </Card.Body>
    </Card>
  );
}
