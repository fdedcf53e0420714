import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { nameWithUnit } from '@portal/contract/variable-names';
import { numberFormat, useLanguage } from '../../i18n';
import { PALETTE } from '@portal/contract/chart-style';
import { type BarChartState, periodLabel } from '@portal/contract/chart-state';
import { useUplot } from './use-uplot';

// Pixels: the height of one bar, the space between places, the margin below the bars.
const BAR = 14;
const ROW_GAP = 6;
const BOTTOM = 8;
const LABEL_GAP = 4;
const LABEL_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
// The names of the places take at most this share of the width; longer ones are cut with an ellipsis.
const NAMES_SHARE = 0.4;

/** `text` cut to fit `width` pixels as `context` draws it. */
function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The value scale from zero past the values, with room beside the bars for their labels. */
function valueRange(_chart: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  const low = Math.min(0, min ?? 0);
  const high = Math.max(0, max ?? 0);
  const room = (high - low || 1) * 0.25;
  return [low < 0 ? low - room : 0, high > 0 ? high + room : 0];
}

/**
 * Bars by place, highest first, each labelled with its value, drawn horizontally so that the names
 * of 48 places stay readable on a phone; two or three dates make groups of bars, named in a
 * legend. A heading says what is measured, in which unit and when; the caption names the source.
 */
export function BarChart({ state, caption }: { state: BarChartState; caption: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const container = useRef<HTMLDivElement>(null);
  const number = numberFormat(language, { maximumFractionDigits: 4 });
  const dates = useMemo(() => state.dates.map((date) => periodLabel(date, language)), [state, language]);
  const grouped = dates.length > 1;

  const make = useCallback(
    (width: number) => {
      const places = state.bars.map((_, i) => i);
      const slot = 0.8 / dates.length;
      // Where each bar was drawn, in canvas pixels, for its label.
      const drawn = new Map<string, { left: number; top: number; width: number; height: number }>();
      const options: uPlot.Options = {
        width,
        height: state.bars.length * (BAR * dates.length + ROW_GAP) + BOTTOM,
        // Places down the side, first at the top; values across.
        scales: {
          x: { time: false, ori: 1, dir: -1, range: [-0.5, state.bars.length - 0.5] },
          y: { ori: 0, range: valueRange },
        },
        axes: [
          {
            scale: 'x',
            side: 3,
            splits: () => places,
            values: (chart, splits) => {
              chart.ctx.font = `${12 * uPlot.pxRatio}px ${LABEL_FONT}`;
              const room = chart.width * NAMES_SHARE * uPlot.pxRatio;
              return splits.map((i) => fitted(chart.ctx, state.bars[i]?.label ?? '', room));
            },
            size: (chart, values) => {
              chart.ctx.font = `${12 * uPlot.pxRatio}px ${LABEL_FONT}`;
              const widest = Math.max(0, ...(values ?? []).map((text) => chart.ctx.measureText(text).width));
              return Math.ceil(widest / uPlot.pxRatio) + 12;
            },
            font: `12px ${LABEL_FONT}`,
            gap: 6,
            ticks: { show: false },
            grid: { show: false },
          },
          // Each bar carries its value and the heading the unit: no value axis to read across to.
          { scale: 'y', side: 2, show: false },
        ],
        cursor: { show: false },
        legend: { show: grouped, live: false },
        series: [
          {},
          ...dates.map((label, d) => ({
            label,
            fill: PALETTE[d],
            stroke: PALETTE[d],
            width: 0,
            points: { show: false },
            paths: uPlot.paths.bars!({
              // Bar d of each group: its own slot of the place's row.
              disp: {
                x0: { unit: 1, values: () => places.map((i) => i - 0.4 + d * slot) },
                size: { unit: 1, values: () => places.map(() => slot) },
              },
              each: (_chart, seriesIndex, index, left, top, barWidth, barHeight) =>
                drawn.set(`${seriesIndex} ${index}`, { left, top, width: barWidth, height: barHeight }),
            }),
          })),
        ],
        hooks: {
          // Each bar's value beside its end; inside the bar, in white, where the plot ends first.
          draw: [
            (chart) => {
              const context = chart.ctx;
              const gap = LABEL_GAP * uPlot.pxRatio;
              const right = chart.bbox.left + chart.bbox.width;
              context.save();
              context.font = `${12 * uPlot.pxRatio}px ${LABEL_FONT}`;
              context.textBaseline = 'middle';
              state.bars.forEach((bar, index) =>
                bar.values.forEach((value, d) => {
                  const box = drawn.get(`${d + 1} ${index}`);
                  if (value === null || !box) return;
                  const text = number.format(value);
                  const middle = box.top + box.height / 2;
                  const outside = value < 0 ? box.left - gap : box.left + box.width + gap;
                  const fits = value < 0 || outside + context.measureText(text).width <= right;
                  context.fillStyle = fits ? '#212529' : '#ffffff';
                  context.textAlign = value < 0 || !fits ? 'right' : 'left';
                  context.fillText(text, fits ? outside : box.left + box.width - gap, middle);
                }),
              );
              context.restore();
            },
          ],
        },
      };
      const data: uPlot.AlignedData = [places, ...dates.map((_, d) => state.bars.map((bar) => bar.values[d]))];
      return new uPlot(options, data, container.current!);
    },
    [state, dates, grouped, number],
  );
  useUplot(container, make);

  const names = state.variables.map((variable) => nameWithUnit(variable, state.unit)).join('; ');
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const valuesOf = (values: (number | null)[]) =>
    values
      .flatMap((value, d) =>
        value === null ? [] : [grouped ? `${dates[d]} ${number.format(value)}` : number.format(value)],
      )
      .join(', ');
  return (
    <figure className="series-chart bar-chart mb-3">
      <p className="chart-title small fw-semibold mb-1">
        {t('timeseries.chart.barsTitle', { names, dates: list.format(dates) })}
      </p>
      <div ref={container} aria-hidden="true" />
      <div className="visually-hidden">
        {t('timeseries.chart.barsSummary', { count: state.bars.length })}
        <ol className="bar-values">
          {state.bars.map((bar) => (
            <li key={bar.label}>{`${bar.label}: ${valuesOf(bar.values)}`}</li>
          ))}
        </ol>
      </div>
      <figcaption className="small text-body-secondary">{caption}</figcaption>
    </figure>
  );
}
