import { useLanguage } from '../../i18n';
import { useTranslation } from 'react-i18next';
import type { Period } from '@portal/contract/timeseries';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';

const WIDTH = 160;
const HEIGHT = 40;

/**
 * A figure's recent values as a small line, drawn as inline SVG: a few hundred bytes, where a
 * chart library would cost the landing page tens of kilobytes. Its label says what it shows.
 */
export function TrendLine({
  figure,
}: {
  figure: { series: { date: string; value: number }[]; period: Period; unit: string };
}) {
  const language = useLanguage();
  const { t } = useTranslation();
  const values = figure.series.map((p) => p.value);
  if (values.length < 2) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (i: number) => (i / (values.length - 1)) * WIDTH;
  const y = (v: number) => (high === low ? HEIGHT / 2 : HEIGHT - 2 - ((v - low) / (high - low)) * (HEIGHT - 4));
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const from = formatPeriod(figure.series[0].date, figure.period, language);
  const to = formatPeriod(figure.series[figure.series.length - 1].date, figure.period, language);
  const label = t('home.figures.trend', {
    from,
    to,
    low: formatFigure(low, language),
    high: formatFigure(high, language),
    unit: figure.unit,
  });
  return (
    <figure className="mb-0">
      <svg
        className="trend-line"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="trend-span" aria-hidden="true">
        <span>{from}</span>
        <span>{to}</span>
      </figcaption>
    </figure>
  );
}
