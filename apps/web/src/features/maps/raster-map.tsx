import 'leaflet/dist/leaflet.css';
import type { LatLng, Map as LeafletMap } from 'leaflet';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GeoJSON,
  ImageOverlay,
  LayersControl,
  MapContainer,
  Pane,
  Popup,
  TileLayer,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import {
  type LayerValue,
  type MapConfig,
  OUTLINE_STYLE,
  type PopupValue,
  type WmsLayer,
} from '@portal/contract/layers';
import { API } from '@portal/contract/paths';
import { fetchLayerValue, useMapOutline } from '../../api/layers';
import {
  boundsByName,
  formatValue,
  INITIAL_CENTER,
  INITIAL_ZOOM,
  type MapView,
  type OverlayState,
  opacityOf,
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
  onToggle,
}: {
  config: MapConfig;
  /** Undefined while loading. */
  layers: WmsLayer[] | undefined;
  overlays: OverlayState;
  /** Where to open instead of the spec's view, kept when the first layer turns on. */
  view: MapView | null;
  onToggle: (name: string, shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const outline = useMapOutline().data;
  return (
    <MapContainer
      center={view?.center ?? INITIAL_CENTER}
      zoom={view?.zoom ?? INITIAL_ZOOM}
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
              <ImageOverlay
                url={API.layerImage(name)}
                bounds={bounds}
                opacity={opacityOf(overlays, name)}
                alt={t('maps.layerAlt', { name })}
              />
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
  const { t } = useTranslation();
  const shown = value.value === null ? null : `${formatValue(value.value)}${value.unit ? ` ${value.unit}` : ''}`;
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
            : `${value.label ?? shown}${value.label ? ` (${formatValue(value.value!)})` : ''}`}
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
