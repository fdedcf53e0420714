import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { nameSaysUnit } from '@portal/contract/variable-names';
import { BarChart } from './bar-chart';
import { ChartLegend } from './chart-legend';
import { COMPACT_LEGEND_FROM, lineColour, PALETTE } from '@portal/contract/chart-style';
import { type ChartState, isolatedPoints, type LineChartState } from '@portal/contract/chart-state';
import { useUplot } from './use-uplot';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HEIGHT = 280;

/** The x axis: dates over the range asked for, or the twelve calendar months of climate normals. */
function xAxis(state: LineChartState): Pick<uPlot.Options, 'scales'> & { axis: uPlot.Axis } {
  if (state.kind === 'time') return { scales: { x: { time: true, range: state.range ?? undefined } }, axis: {} };
  return {
    scales: { x: { time: false, range: [1, 12] } },
    axis: { incrs: [1], values: (_chart, ticks) => ticks.map((month) => MONTHS[month - 1] ?? '') },
  };
}

/**
 * Which lines stand out: the one under the pointer (uPlot's focus), else those whose names hold the
 * legend's filter; uPlot series indices, from 1.
 */
interface Emphasis {
  focused: number | null;
  picked: Set<number> | null;
}

const emphasisOf = ({ focused, picked }: Emphasis, seriesIndex: number) =>
  focused !== null
    ? seriesIndex === focused
      ? 'picked'
      : 'plain'
    : picked
      ? picked.has(seriesIndex)
        ? 'picked'
        : 'faded'
      : 'plain';

/**
 * Line chart of the previewed series: a gap in a series breaks its line, and the x axis spans the
 * dates asked for. Many lines get a compact legend with a filter (ChartLegend), and past twelve
 * they share a neutral colour, the hovered or filtered ones picked out.
 */
function LineChart({ state, caption }: { state: LineChartState; caption: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const legendEntries = useRef<HTMLDivElement>(null);
  const emphasis = useRef<Emphasis>({ focused: null, picked: null });
  const [filter, setFilter] = useState('');
  const count = state.series.length;
  const compact = count >= COMPACT_LEGEND_FROM;

  const make = useCallback(
    (width: number) => {
      const [leftUnit, rightUnit] = state.units;
      const scaleOf = (unit: string) => (unit === rightUnit ? 'right' : 'left');
      const colour = (_chart: uPlot, seriesIndex: number) =>
        lineColour(seriesIndex - 1, count, emphasisOf(emphasis.current, seriesIndex));
      const { scales, axis } = xAxis(state);
      const options: uPlot.Options = {
        width,
        height: HEIGHT,
        scales,
        axes: [
          axis,
          { scale: 'left', label: leftUnit, size: 60 },
          ...(rightUnit !== undefined
            ? [{ scale: 'right', side: 1 as const, label: rightUnit, size: 60, grid: { show: false } }]
            : []),
        ],
        // Lines near the pointer, or under it in the legend, are picked out, the others faded.
        cursor: { focus: { prox: 16 } },
        focus: { alpha: 0.3 },
        legend: compact
          ? { live: false, mount: (_chart, table) => legendEntries.current?.appendChild(table) }
          : { live: true },
        hooks: {
          setSeries: [
            (_chart, seriesIndex, change) => {
              // uPlot passes the change ({ focus } or { show }), though its typings say a series.
              if ((change as { focus?: boolean }).focus) emphasis.current.focused = seriesIndex;
            },
          ],
        },
        series: [
          // uPlot's legend names the x series; its own default is English.
          { label: state.kind === 'time' ? t('timeseries.chart.xTime') : t('timeseries.chart.xMonth') },
          ...state.series.map((line) => {
            const isolated = isolatedPoints(line.values);
            return {
              // The unit once: not again after a name that ends with it.
              label: nameSaysUnit(line.variable, line.unit) ? line.label : `${line.label} (${line.unit})`,
              scale: scaleOf(line.unit),
              stroke: colour,
              width: 2,
              // A null is a period the series misses: the line stops there.
              spanGaps: false,
              // Points where few enough to tell apart, and always those no line reaches.
              points: {
                show: state.xs.length < 60 && count <= PALETTE.length,
                filter: (_c: uPlot, _i: number, shown: boolean) => (shown ? null : isolated),
              },
            };
          }),
        ],
      };
      return new uPlot(options, [state.xs, ...state.series.map((line) => line.values)], container.current!);
    },
    [state, t, count, compact],
  );
  const chart = useUplot(container, make);

  // The filter narrows the legend to the series whose names hold it and picks them out on the chart.
  useEffect(() => {
    const made = chart.current;
    if (!made || !compact) return;
    const needle = filter.trim().toLocaleLowerCase();
    const picked = needle
      ? new Set(state.series.flatMap((line, i) => (line.label.toLocaleLowerCase().includes(needle) ? [i + 1] : [])))
      : null;
    emphasis.current.picked = picked;
    // Without live values uPlot's legend has no row for x: row i shows series i + 1.
    legendEntries.current?.querySelectorAll<HTMLElement>('.u-series').forEach((row, i) => {
      row.hidden = picked !== null && !picked.has(i + 1);
      const marker = row.querySelector<HTMLElement>('.u-marker');
      if (marker) marker.style.borderColor = lineColour(i, count, emphasisOf({ focused: null, picked }, i + 1));
    });
    made.redraw(false);
  }, [chart, make, compact, filter, state, count]);

  const described = { count, labels: state.series.map((s) => s.label).join('; ') };
  const summary =
    state.kind === 'month'
      ? t('timeseries.chart.monthSummary', described)
      : t('timeseries.chart.timeSummary', described);
  return (
    <figure className="series-chart mb-3">
      <div ref={container} />
      {compact && <ChartLegend count={count} filter={filter} onFilter={setFilter} entries={legendEntries} />}
      <figcaption>
        <span className="visually-hidden">{summary} </span>
        <span className="small text-body-secondary">{caption}</span>
      </figcaption>
    </figure>
  );
}

/**
 * A chart of the previewed series, with a caption naming the publishers: bars or lines, as
 * chart-state chose. Loaded lazily, so the page does not pay for uPlot up front.
 */
export default function SeriesChart({ state, caption }: { state: ChartState; caption: string }) {
  return state.kind === 'bars' ? (
    <BarChart state={state} caption={caption} />
  ) : (
    <LineChart state={state} caption={caption} />
  );
}
