import { useLanguage } from '../../i18n';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { LayerSummary } from '@portal/contract/catalog';
import { formatValue, type Legend, legendOf, legendTitle, opacityOf, type OverlayState } from './map-state';

/** Legend and opacity slider of every visible layer, newest on top like the map. */
export function LayerLegend({
  layers,
  overlays,
  onOpacity,
}: {
  layers: LayerSummary[];
  overlays: OverlayState;
  onOpacity: (name: string, value: number) => void;
}) {
  const { t } = useTranslation();
  const shown = [...overlays.visible].reverse().flatMap((name) => layers.filter((layer) => layer.name === name));
  if (!shown.length) return null;
  return (
    <section className="layer-legend mt-3" aria-label={t('maps.legend')}>
      <h3 className="h6">{t('maps.legend')}</h3>
      {shown.map((layer) => {
        const legend = layer.style && legendOf(layer.style);
        return (
          <div key={layer.name} className="legend-entry mb-3" data-layer={layer.name}>
            {/* A plain fill has one swatch: it stands before the name, as a key does. */}
            <div className="fw-semibold d-flex align-items-center gap-2">
              {legend?.kind === 'fill' && <Swatch colour={legend.fill} border={legend.stroke} dot={legend.dot} />}
              {legendTitle(layer, t)}
            </div>
            {legend && legend.kind !== 'fill' && <LegendBody legend={legend} />}
            <Form.Label htmlFor={`opacity-${layer.name}`} className="small mb-0 mt-1">
              {t('maps.opacity', { percent: Math.round(opacityOf(overlays, layer.name) * 100) })}
            </Form.Label>
            <Form.Range
              id={`opacity-${layer.name}`}
              min={0}
              max={1}
              step={0.1}
              value={opacityOf(overlays, layer.name)}
              onChange={(event) => onOpacity(layer.name, Number(event.target.value))}
            />
            <p className="small text-body-secondary mb-0">
              {t('maps.credit', { publisher: layer.publisher, licence: layer.licence })}
            </p>
          </div>
        );
      })}
    </section>
  );
}

function Swatch({ colour, border, dot }: { colour: string; border?: string; dot: boolean }) {
  return (
    <span
      className={`legend-swatch flex-shrink-0${dot ? ' legend-dot' : ''}`}
      style={{ background: colour, borderColor: border }}
      aria-hidden="true"
    />
  );
}

function LegendBody({ legend }: { legend: Exclude<Legend, { kind: 'fill' }> }) {
  const language = useLanguage();
  if (legend.kind === 'categories') {
    return (
      <ul className="list-unstyled mb-0 small legend-classes">
        {legend.items.map((item) => (
          <li key={item.label} className="d-flex align-items-center gap-2">
            <Swatch colour={item.colour} dot={legend.dot} />
            {item.label}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="small">
      <div className="legend-ramp" style={{ background: legend.gradient }} aria-hidden="true" />
      <div className="d-flex justify-content-between">
        <span>{formatValue(legend.min, language)}</span>
        <span>{legend.unit}</span>
        <span>{formatValue(legend.max, language)}</span>
      </div>
    </div>
  );
}
