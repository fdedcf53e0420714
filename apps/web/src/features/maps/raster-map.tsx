/// <reference types="leaflet.markercluster" />
import { useLanguage } from '../../i18n';
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import {
  divIcon,
  type LatLng,
  type Map as LeafletMap,
  type Marker as LeafletMarker,
  type MarkerCluster,
} from 'leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GeoJSON,
  ImageOverlay,
  LayersControl,
  MapContainer,
  Marker,
  Pane,
  Popup,
  TileLayer,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import {
  type LayerValue,
  type LayerStyle,
  type MapConfig,
  OUTLINE_STYLE,
  type PointFeature,
  type PopupValue,
  type WmsLayer,
} from '@portal/contract/layers';
import { API } from '@portal/contract/paths';
import { fetchLayerValue, useMapOutline, usePointFeatures } from '../../api/layers';
import {
  boundsByName,
  formatValue,
  KENYA_BOUNDS,
  type MapView,
  narrowestBoxShowingKenya,
  type OverlayState,
  opacityOf,
  SPEC_VIEW,
  webAddress,
} from './map-state';

/**
 * The only place that touches Leaflet: the base map (configured tiles over the bundled outline of
 * Kenya), one toggleable image overlay per layer in a layers control, and click-for-value.
 * State lives in the panel that renders it.
 */
export default function RasterMap({
  config,
  layers,
  overlays,
  view,
  pointStyles,
  onToggle,
}: {
  config: MapConfig;
  /** Undefined while loading. */
  layers: WmsLayer[] | undefined;
  /** The styles of the layers of points, by name: those are drawn as markers, not as an image. */
  pointStyles: Record<string, LayerStyle>;
  overlays: OverlayState;
  /** Where to open instead of the spec's view (openingView), kept when the first layer turns on. */
  view: MapView | null;
  onToggle: (name: string, shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const outline = useMapOutline().data;
  return (
    <MapContainer
      {...(view && 'bounds' in view ? { bounds: view.bounds } : (view ?? SPEC_VIEW))}
      // Quarter zooms let a fitted view fill the box (a whole zoom may leave Kenya at half its width on
      // a phone); tiles between two zooms are scaled by at most a fifth.
      zoomSnap={0.25}
      whenReady={view === null ? fitKenyaWhenNarrow : undefined}
      scrollWheelZoom={false}
      className="raster-map"
      aria-label={t('maps.label')}
    >
      <TileLayer url={config.tileUrl} attribution={config.attribution} />
      {/* Between the tiles (200) and the overlays (400), so layers always draw on top of it. */}
      <Pane name="outline" style={{ zIndex: 250 }}>
        {outline && (
          <GeoJSON
            data={outline}
            style={(f) =>
              (f?.properties as { level?: string } | undefined)?.level === 'country'
                ? OUTLINE_STYLE.country
                : OUTLINE_STYLE.county
            }
          />
        )}
      </Pane>
      {layers && layers.length > 0 && (
        <LayersControl position="topright">
          {/* Leaflet loads an overlay's image when the overlay is first added to the map. */}
          {layers.map(([, bounds, name]) => (
            <LayersControl.Overlay key={name} name={name} checked={overlays.visible.includes(name)}>
              {pointStyles[name] ? (
                <PointMarkers
                  layer={name}
                  style={pointStyles[name]}
                  opacity={opacityOf(overlays, name)}
                  shown={overlays.visible.includes(name)}
                />
              ) : (
                <ImageOverlay
                  url={API.layerImage(name)}
                  bounds={bounds}
                  opacity={opacityOf(overlays, name)}
                  alt={t('maps.layerAlt', { name })}
                />
              )}
            </LayersControl.Overlay>
          ))}
        </LayersControl>
      )}
      <MapBehaviour layers={layers} keepView={view !== null && overlays.visible.length > 0} onToggle={onToggle} />
      <ValuePopup visible={overlays.visible} />
    </MapContainer>
  );
}

/**
 * A point layer's points as markers, grouped into numbered clusters where they crowd: each named on
 * hover and focus, reachable by Tab, its name and attributes in a popup on a click, tap or Enter.
 */
function PointMarkers({
  layer,
  style,
  opacity,
  shown,
}: {
  layer: string;
  style: LayerStyle;
  opacity: number;
  shown: boolean;
}) {
  const { t } = useTranslation();
  const points = usePointFeatures(layer, shown).data;
  // A cluster is a focusable button too: its text says how many points of which layer it holds.
  const clusterIcon = (cluster: MarkerCluster) => {
    const count = cluster.getChildCount();
    const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
    const name = escapeHtml(t('maps.cluster', { count, layer }));
    return divIcon({
      html: `<div><span aria-hidden="true">${count}</span><span class="visually-hidden">${name}</span></div>`,
      className: `marker-cluster marker-cluster-${size}`,
      iconSize: [40, 40],
    });
  };
  // The group is there from the start, so the layers control lists the layer in its place.
  return (
    <MarkerClusterGroup chunkedLoading showCoverageOnHover={false} iconCreateFunction={clusterIcon}>
      {points?.features.map((point, index) => (
        <Marker
          key={index}
          position={[point.geometry.coordinates[1], point.geometry.coordinates[0]]}
          icon={dotIcon(style, point)}
          title={point.properties.name ?? layer}
          keyboard
          opacity={opacity}
          eventHandlers={{
            keypress: (event) => {
              // Leaflet opens a marker's popup on a click only; Enter on a focused marker does the same.
              if (event.originalEvent.key === 'Enter') (event.target as LeafletMarker).openPopup();
            },
          }}
        >
          <Popup>
            <div className="value-popup">
              <strong>{point.properties.name ?? layer}</strong>
              <div className="small">{layer}</div>
              <dl className="mb-0 small">
                {point.properties.fields.map((field) => (
                  <Attribute key={field.label} label={field.label}>
                    <FieldText field={field} />
                  </Attribute>
                ))}
              </dl>
            </div>
          </Popup>
        </Marker>
      ))}
    </MarkerClusterGroup>
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A point's dot in its layer's colours (its class's colour for a categories style), as the legend shows it. */
function dotIcon(style: LayerStyle, point: PointFeature) {
  const fill =
    style.type === 'categories'
      ? (style.categories.find((c) => c.label === point.properties.category)?.colour ?? '#888888')
      : style.type === 'fill'
        ? style.fill
        : '#888888';
  const stroke = style.type === 'fill' ? style.stroke : '#ffffff';
  const dot = 2 * Math.max(4, 'radius' in style ? (style.radius ?? 6) : 6);
  // The dot sized as the style says, in a target at least 24 px across to tap.
  const size = Math.max(24, dot);
  return divIcon({
    className: 'point-marker',
    html: `<span style="background:${fill};border-color:${stroke};width:${dot}px;height:${dot}px"></span>`,
    iconSize: [size, size],
  });
}

/**
 * At the spec's view, a box too narrow to show Kenya there fits Kenya instead. Leaflet calls this
 * with the map as `this` once the map has a view, before any layer asks for tiles.
 */
function fitKenyaWhenNarrow(this: LeafletMap): void {
  if (this.getSize().x < narrowestBoxShowingKenya()) this.fitBounds(KENYA_BOUNDS, { animate: false });
}

/**
 * Wheel zoom once layers arrive, a fly to each overlay turned on (except the first when the page
 * opened at a chosen point), and the view written on the container for tests and tools.
 */
function MapBehaviour({
  layers,
  keepView,
  onToggle,
}: {
  layers: WmsLayer[] | undefined;
  keepView: boolean;
  onToggle: (name: string, shown: boolean) => void;
}) {
  const map = useMap();
  const viewKept = useRef(!keepView);
  useEffect(() => {
    if (layers?.length) map.scrollWheelZoom.enable();
    describeView(map);
  }, [map, layers]);
  useMapEvents({
    overlayadd: (event) => {
      onToggle(event.name, true);
      const bounds = layers && boundsByName(layers)[event.name];
      if (!viewKept.current) viewKept.current = true;
      else if (bounds) map.flyToBounds(bounds, { duration: 0.8 });
    },
    overlayremove: (event) => onToggle(event.name, false),
    moveend: () => describeView(map),
  });
  return null;
}

function describeView(map: LeafletMap): void {
  const { dataset } = map.getContainer();
  const center = map.getCenter();
  dataset.centerLat = center.lat.toFixed(4);
  dataset.centerLng = center.lng.toFixed(4);
  dataset.zoom = String(map.getZoom());
  dataset.wheelZoom = String(map.scrollWheelZoom.enabled());
}

/** On a click, what each visible layer holds there, topmost first. */
function ValuePopup({ visible }: { visible: string[] }) {
  const { t } = useTranslation();
  const [at, setAt] = useState<{ latlng: LatLng; values: LayerValue[] | 'loading' | 'failed' } | null>(null);
  const showValues = async (latlng: LatLng) => {
    if (!visible.length) return;
    setAt({ latlng, values: 'loading' });
    try {
      const values = await Promise.all(
        [...visible].reverse().map((name) => fetchLayerValue(name, latlng.lat, latlng.lng, map.getZoom())),
      );
      setAt({ latlng, values });
    } catch {
      setAt({ latlng, values: 'failed' });
    }
  };
  const map = useMapEvents({ click: ({ latlng }) => void showValues(latlng) });
  if (!at) return null;
  // Narrower than the map, so a popup on a phone wraps its lines instead of running off the edge;
  // the pan padding keeps it clear of the zoom and layer buttons in the top corners.
  const maxWidth = Math.max(160, Math.min(300, map.getSize().x - 70));
  return (
    <Popup
      position={at.latlng}
      maxWidth={maxWidth}
      autoPanPadding={[10, 64]}
      eventHandlers={{ remove: () => setAt(null) }}
    >
      <div className="value-popup" role="status">
        {at.values === 'loading' && t('maps.valueLoading')}
        {at.values === 'failed' && t('maps.valueFailed')}
        {Array.isArray(at.values) && at.values.map((value) => <ValueLines key={value.layer} value={value} />)}
      </div>
    </Popup>
  );
}

function ValueLines({ value }: { value: LayerValue }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const shown =
    value.value === null ? null : `${formatValue(value.value, language)}${value.unit ? ` ${value.unit}` : ''}`;
  return (
    <div className="mb-2">
      <strong>{value.layer}</strong>
      {value.derivedFrom && (
        <div className="small fst-italic">{t('maps.derivedFrom', { source: value.derivedFrom })}</div>
      )}
      {value.kind === 'raster' ? (
        <div>
          {shown === null
            ? t('maps.noValue')
            : `${value.label ?? shown}${value.label ? ` (${formatValue(value.value!, language)})` : ''}`}
        </div>
      ) : value.properties === null ? (
        <div>{t('maps.noFeature')}</div>
      ) : (
        <dl className="mb-0 small">
          {shown !== null && <Attribute label={t('maps.value')}>{shown}</Attribute>}
          {value.fields?.map((field) => (
            <Attribute key={field.label} label={field.label}>
              <FieldText field={field} />
            </Attribute>
          ))}
        </dl>
      )}
    </div>
  );
}

function Attribute({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="d-flex gap-1">
      <dt>{label}:</dt>
      <dd className="mb-0">{children}</dd>
    </div>
  );
}

/** A value as the file holds it (years stay '1980', not '1,980'), with its unit; web addresses as links. */
function FieldText({ field }: { field: PopupValue }) {
  const link = webAddress(field.value);
  if (link) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer">
        {link}
      </a>
    );
  }
  return <>{`${String(field.value)}${field.unit ? ` ${field.unit}` : ''}`}</>;
}
