import { useTranslation } from 'react-i18next';
import Table from 'react-bootstrap/Table';
import { useFormats } from './format';

type YearCount = { year: number; count: number };

// The drawing's own units; the SVG scales to the width it is given.
const WIDTH = 600;
const HEIGHT = 120;

/** Every year from the first to the last, those without values at 0, so gaps show as gaps. */
export function everyYear(counts: YearCount[]): YearCount[] {
  if (!counts.length) return [];
  const byYear = new Map(counts.map((entry) => [entry.year, entry.count]));
  const first = counts[0].year;
  const last = counts[counts.length - 1].year;
  return Array.from({ length: last - first + 1 }, (_, i) => ({ year: first + i, count: byYear.get(first + i) ?? 0 }));
}

/**
 * A small bar chart of the values dated in each year, drawn as plain SVG; its caption says what it
 * shows and the numbers are in a table beside it, for readers who cannot see the bars.
 */
export function CoverageChart({ counts }: { counts: YearCount[] }) {
  const { t } = useTranslation();
  const format = useFormats();
  const years = everyYear(counts);
  if (!years.length) return null;
  const top = counts.reduce((best, entry) => (entry.count > best.count ? entry : best), counts[0]);
  const step = WIDTH / years.length;
  const gap = step > 4 ? 1 : 0;
  const firstYear = years[0].year;
  const lastYear = years[years.length - 1].year;
  return (
    <figure className="coverage-chart mb-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('dataset.chart.alt', { firstYear, lastYear, max: format.count(top.count), maxYear: top.year })}
      >
        {years.map(({ year, count }, i) => {
          const height = top.count ? (count / top.count) * (HEIGHT - 4) : 0;
          return (
            <rect
              key={year}
              className="coverage-bar"
              x={i * step + gap / 2}
              y={HEIGHT - height}
              width={Math.max(step - gap, 0.5)}
              height={height}
            >
              <title>{`${year}: ${format.count(count)}`}</title>
            </rect>
          );
        })}
        <line className="coverage-axis" x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
      </svg>
      {/* Years under the bars in HTML, so they keep their size when the drawing shrinks. */}
      <div className="coverage-years small" aria-hidden="true">
        <span>{firstYear}</span>
        <span>{lastYear}</span>
      </div>
      <figcaption className="small text-body-secondary">
        {t('dataset.chart.caption', { firstYear, lastYear })}
        <details className="mt-1">
          <summary>{t('dataset.chart.numbers')}</summary>
          <div className="table-responsive coverage-numbers">
            <Table size="sm" className="mb-0 w-auto">
              <thead>
                <tr>
                  <th scope="col">{t('dataset.chart.year')}</th>
                  <th scope="col" className="text-end">
                    {t('dataset.chart.count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {counts.map(({ year, count }) => (
                  <tr key={year}>
                    <td>{year}</td>
                    <td className="text-end">{format.count(count)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
