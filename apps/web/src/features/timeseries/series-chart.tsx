import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartState } from './chart-state';

// Colour-blind-safe palette (Okabe-Ito), dark enough on white.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999933'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The x axis: dates, or the twelve calendar months of climate normals. */
function xAxis(state: ChartState): Pick<uPlot.Options, 'scales'> & { axis: uPlot.Axis } {
  if (state.x === 'time') return { scales: { x: { time: true } }, axis: {} };
  return {
    scales: { x: { time: false, range: [1, 12] } },
    axis: { incrs: [1], values: (_chart, ticks) => ticks.map((month) => MONTHS[month - 1] ?? '') },
  };
}

/**
 * Line chart of the previewed series, with a caption naming the publishers; loaded lazily, so the
 * page does not pay for uPlot up front.
 */
export default function SeriesChart({ state, caption }: { state: ChartState; caption: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const [leftUnit, rightUnit] = state.units;
    const scaleOf = (unit: string) => (unit === rightUnit ? 'right' : 'left');
    const { scales, axis } = xAxis(state);
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: 280,
      scales,
      axes: [
        axis,
        { scale: 'left', label: leftUnit, size: 60 },
        ...(rightUnit !== undefined
          ? [{ scale: 'right', side: 1 as const, label: rightUnit, size: 60, grid: { show: false } }]
          : []),
      ],
      series: [
        // uPlot's legend names the x series; its own default is English.
        { label: state.x === 'time' ? t('timeseries.chart.xTime') : t('timeseries.chart.xMonth') },
        ...state.series.map((line, i) => ({
          label: `${line.label} (${line.unit})`,
          scale: scaleOf(line.unit),
          stroke: COLOURS[i % COLOURS.length],
          width: 2,
          spanGaps: true,
          points: { show: state.xs.length < 60 },
        })),
      ],
    };
    const chart = new uPlot(options, [state.xs, ...state.series.map((line) => line.values)], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 280 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [state, t]);

  const described = { count: state.series.length, labels: state.series.map((s) => s.label).join('; ') };
  const summary =
    state.x === 'month' ? t('timeseries.chart.monthSummary', described) : t('timeseries.chart.timeSummary', described);
  return (
    <figure className="series-chart mb-3">
      <div ref={container} />
      <figcaption>
        <span className="visually-hidden">{summary} </span>
        <span className="small text-body-secondary">{caption}</span>
      </figcaption>
    </figure>
  );
}
