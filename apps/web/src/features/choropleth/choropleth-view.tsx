import { useLanguage } from '../../i18n';
import type { Language } from '@portal/contract/messages';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import type { Choropleth } from '@portal/contract/choropleth';
import type { CountyMapShapes } from '@portal/contract/counties';
import { datasetPath } from '@portal/contract/paths';
import { type ChoroplethRequest, usePrefetchPeriods } from '../../api/choropleth';
import { downloadText } from '../../components/download';
import { formatPeriod } from '@portal/contract/figure-format';
import { CountyMap } from '../counties/county-map';
import { ChoroplethLegend } from './choropleth-legend';
import { ChoroplethTable } from './choropleth-table';
import { CountyPanel, HoverInfo, NationalValue } from './county-details';
import { choroplethCsv, countyFills, downloadName } from './map-state';
import { PeriodSlider, usePeriodPlayer } from './period-slider';
import { nameWithUnit } from '@portal/contract/variable-names';
import { type SharedView, viewImagePath } from '@portal/contract/share';
import Button from 'react-bootstrap/Button';
import { ShareButton } from '../share/share-button';

interface ChoroplethViewProps {
  map: Choropleth;
  drawing: CountyMapShapes;
  /** What the address asks for; `map` may still be the previous period's while the asked one loads. */
  request: ChoroplethRequest;
  onPeriod: (period: string) => void;
}

const periodOf = (map: Choropleth, language: Language) => formatPeriod(map.period, map.variable.period, language);

/** The map with its period slider, legend, county details, source line, downloads and table. */
export function ChoroplethView({ map, drawing, request, onPeriod }: ChoroplethViewProps) {
  const language = useLanguage();
  const { t } = useTranslation();
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const fills = useMemo(() => countyFills(map), [map]);
  const asked = request.period ?? map.periods.at(-1)!;
  const index = Math.max(0, map.periods.indexOf(asked));
  const drawn = map.period === asked;
  const player = usePeriodPlayer({ index, count: map.periods.length, drawn, onStep: (i) => onPeriod(map.periods[i]) });
  // The neighbours on either side, and one more ahead while playing; asked for once the period
  // shown is drawn, so that they do not hold up the answer the visitor waits for.
  const ahead = drawn
    ? [index - 1, index + 1, ...(player.playing ? [index + 2] : [])].filter((i) => i >= 0 && i < map.periods.length)
    : [];
  usePrefetchPeriods(
    request,
    ahead.map((i) => map.periods[i]),
  );

  const view: SharedView = {
    kind: 'choropleth',
    source: request.source,
    variable: map.variable.name,
    period: map.period,
    method: request.method,
  };
  const heading = t('choropleth.heading', {
    variable: nameWithUnit(map.variable.name, map.variable.unit),
    period: periodOf(map, language),
  });
  const downloadCsv = () =>
    downloadText(choroplethCsv(map, periodOf(map, language)), downloadName(map, 'csv'), 'text/csv');

  return (
    <>
      <div className="row g-4">
        <div className="col-lg-8">
          <h2 className="h5 mb-2">{heading}</h2>
          <CountyMap
            drawing={drawing}
            label={t('choropleth.mapLabel', {
              variable: nameWithUnit(map.variable.name, map.variable.unit),
              period: periodOf(map, language),
            })}
            fill={(slug) => fills.get(slug)}
            selected={selected ?? undefined}
            onHover={setHovered}
            onSelect={setSelected}
            className="choropleth-map"
            period={map.period}
          />
          <PeriodSlider
            periods={map.periods}
            kind={map.variable.period}
            index={index}
            onChange={(i) => onPeriod(map.periods[i])}
            player={player}
          />
          <p className="choropleth-source small mt-2">
            <Trans
              i18nKey="choropleth.source"
              values={{
                publisher: map.dataset.publisher,
                title: map.dataset.title,
                licence: map.dataset.licence,
                retrieved: map.dataset.retrieved,
              }}
              components={{ dataset: <Link to={datasetPath(map.dataset.id)} /> }}
            />
          </p>
        </div>
        <div className="col-lg-4">
          <ChoroplethLegend map={map} />
          <HoverInfo map={map} slug={hovered} />
          <NationalValue map={map} />
          <p className="small mb-3">
            {t('choropleth.counted', { count: map.countiesWithValue, period: periodOf(map, language) })}
          </p>
          {selected && <CountyPanel map={map} slug={selected} onClose={() => setSelected(null)} />}
          <div className="d-flex flex-wrap align-items-center gap-2">
            <ShareButton view={view} title={heading} />
            {/* Drawn by the server (ADR 0041), with the title, period, source and licence on it. */}
            <a
              className="btn btn-outline-secondary btn-sm"
              href={viewImagePath(view, 'png', language)}
              download={downloadName(map, 'png')}
            >
              {t('choropleth.download.png')}
            </a>
            <Button variant="outline-secondary" size="sm" onClick={downloadCsv}>
              {t('choropleth.download.csv')}
            </Button>
          </div>
        </div>
      </div>
      <ChoroplethTable map={map} onSelect={setSelected} />
    </>
  );
}
