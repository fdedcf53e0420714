import { type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Where the legend opens unfolded: wider than a phone held upright (Bootstrap's 'sm').
const UNFOLDED_FROM = '(min-width: 576px)';

/**
 * The legend of a chart of many series, kept short so the chart stays on screen: folded on phones,
 * a scrolling box of entries elsewhere, and a filter that narrows the entries and picks out their
 * lines. uPlot mounts its legend into `entries`.
 */
export function ChartLegend({
  count,
  filter,
  onFilter,
  entries,
}: {
  count: number;
  filter: string;
  onFilter: (filter: string) => void;
  entries: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const filterId = useId();
  // Charts are drawn only in the browser, after a preview: the screen is known on first render.
  const [unfolded] = useState(() => window.matchMedia(UNFOLDED_FROM).matches);
  return (
    <details className="chart-legend" open={unfolded}>
      <summary>{t('timeseries.chart.legend', { count })}</summary>
      <label htmlFor={filterId} className="visually-hidden">
        {t('timeseries.chart.legendFilter')}
      </label>
      <input
        id={filterId}
        type="search"
        className="form-control form-control-sm my-1"
        placeholder={t('timeseries.chart.legendFilter')}
        value={filter}
        onChange={(event) => onFilter(event.target.value)}
      />
      <div ref={entries} className="chart-legend-entries" />
    </details>
  );
}
