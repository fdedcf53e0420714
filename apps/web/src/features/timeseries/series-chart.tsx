import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartState } from './chart-state';

// Colour-blind-safe palette (Okabe-Ito), dark enough on white.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999933'];

/** Line chart of the previewed series; loaded lazily, so the page does not pay for uPlot up front. */
export default function SeriesChart({ state }: { state: ChartState }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const [leftUnit, rightUnit] = state.units;
    const scaleOf = (unit: string) => (unit === rightUnit ? 'right' : 'left');
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: 280,
      scales: { x: { time: true } },
      axes: [
        {},
        { scale: 'left', label: leftUnit, size: 60 },
        ...(rightUnit !== undefined ? [{ scale: 'right', side: 1 as const, label: rightUnit, size: 60, grid: { show: false } }] : []),
      ],
      series: [
        {},
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
  }, [state]);

  const summary = `Line chart of ${state.series.length} series (${state.series.map((s) => s.label).join('; ')}); the values are in the table below.`;
  return (
    <figure className="series-chart mb-3">
      <div ref={container} />
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
