import { nice, ticks } from 'd3-array';
import { type BarChartState, type LineChartState, periodLabel } from '@portal/contract/chart-state';
import { lineColour, PALETTE } from '@portal/contract/chart-style';
import type { Language, Translate } from '@portal/contract/messages';
import { box, type Child, type Node, shape, svg } from './draw.ts';
import { clip, MUTED, RULE, TEXT } from './frame.ts';
import { numberFormat } from './view.ts';

/** Room of the legend beside a line chart, and of the place names beside bars. */
const LEGEND_WIDTH = 300;
const NAMES_WIDTH = 220;
const AXIS_WIDTH = 64;
const AXIS_HEIGHT = 26;
const LABEL = { fontSize: 13, color: MUTED };

/** A label placed at (left, top) of its chart: satori writes text only in boxes, never inside an SVG. */
const at = (left: number, top: number, width: number, text: string, align: 'left' | 'right' | 'center'): Node =>
  box(
    {
      position: 'absolute',
      left,
      top,
      width,
      justifyContent: { left: 'flex-start', right: 'flex-end', center: 'center' }[align],
      ...LABEL,
    },
    text,
  );

/** Lines legend: a swatch and label per line, up to as many as fit, then how many more. */
function legend(chart: LineChartState, t: Translate, height: number): Node {
  const fit = Math.max(1, Math.floor(height / 22) - 1);
  // The title names a variable all lines share: the legend names what sets each line apart.
  const variables = new Set(chart.series.map((s) => s.variable));
  const own = (label: string) => (variables.size === 1 ? label.slice(chart.series[0].variable.length + 3) : label);
  const shown = chart.series.length > fit + 1 ? chart.series.slice(0, fit) : chart.series;
  const more = chart.series.length - shown.length;
  return box(
    { flexDirection: 'column', width: LEGEND_WIDTH, paddingLeft: 16 },
    ...shown.map((s, i) =>
      box(
        { alignItems: 'center', height: 22, fontSize: 14, color: TEXT },
        box({ width: 18, height: 4, marginRight: 8, backgroundColor: lineColour(i, chart.series.length, 'plain') }),
        clip(chart.units.length > 1 ? `${own(s.label)} (${s.unit})` : own(s.label), 36),
      ),
    ),
    more ? box({ fontSize: 14, color: MUTED }, t('image.moreSeries', { count: more })) : null,
  );
}

/** Tick marks along x: years for a long stretch, months for a short one, the twelve months of climate normals. */
function xTicks(chart: LineChartState, language: Language): { x: number; label: string }[] {
  const [from, to] = chart.range ?? [chart.xs[0], chart.xs.at(-1)!];
  if (chart.kind === 'month') {
    const name = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    return ticks(1, 12, 12).map((m) => ({ x: m, label: name.format(Date.UTC(2000, m - 1, 1)) }));
  }
  const year = (seconds: number) => new Date(seconds * 1000).getUTCFullYear();
  if (year(to) - year(from) >= 3)
    return ticks(year(from), year(to), 8)
      .filter(Number.isInteger)
      .map((y) => ({ x: Date.UTC(y, 0, 1) / 1000, label: String(y) }))
      .filter(({ x }) => x >= from && x <= to);
  const month = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const months = (seconds: number) => year(seconds) * 12 + new Date(seconds * 1000).getUTCMonth();
  return ticks(months(from), months(to), 6)
    .filter(Number.isInteger)
    .map((m) => Date.UTC(Math.floor(m / 12), m % 12, 1) / 1000)
    .filter((x) => x >= from && x <= to)
    .map((x) => ({ x, label: month.format(x * 1000) }));
}

/** The value scale of the lines in `unit`: nice bounds around their values. */
function valueScale(chart: LineChartState, unit: string): [number, number] {
  const values = chart.series
    .filter((s) => s.unit === unit)
    .flatMap((s) => s.values.filter((v): v is number => typeof v === 'number'));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const [from, to] = low === high ? [low - 1, high + 1] : [low, high];
  return nice(from, to, 5);
}

/**
 * A time or month chart as the page draws it: a line per series in the palette's colours, the first
 * unit on the left axis and a second on the right, breaks where a series misses periods.
 */
export function lineChartNode(
  chart: LineChartState,
  size: { width: number; height: number },
  t: Translate,
  language: Language,
): Node {
  const number = numberFormat(language);
  const axes = chart.units.slice(0, 2);
  const plot = {
    left: AXIS_WIDTH,
    top: 8,
    width: size.width - LEGEND_WIDTH - AXIS_WIDTH * axes.length,
    height: size.height - AXIS_HEIGHT - 8,
  };
  const [x0, x1] = chart.range ?? [chart.xs[0], chart.xs.at(-1)!];
  const xOf = (x: number) => plot.left + (x1 === x0 ? plot.width / 2 : ((x - x0) / (x1 - x0)) * plot.width);
  const scales = new Map(axes.map((unit) => [unit, valueScale(chart, unit)]));
  const yOf = (unit: string, v: number) => {
    const [low, high] = scales.get(unit) ?? scales.get(axes[0])!;
    return plot.top + plot.height - ((v - low) / (high - low)) * plot.height;
  };
  const shapes: Node[] = [];
  const labels: Child[] = [];
  const [low, high] = scales.get(axes[0])!;
  for (const v of ticks(low, high, 5)) {
    const y = yOf(axes[0], v);
    shapes.push(
      shape('line', { x1: plot.left, x2: plot.left + plot.width, y1: y, y2: y, stroke: RULE, strokeWidth: 1 }),
    );
    labels.push(at(0, y - 9, AXIS_WIDTH - 8, number.format(v), 'right'));
  }
  if (axes[1]) {
    const [low2, high2] = scales.get(axes[1])!;
    for (const v of ticks(low2, high2, 5))
      labels.push(at(plot.left + plot.width + 8, yOf(axes[1], v) - 9, AXIS_WIDTH - 8, number.format(v), 'left'));
  }
  for (const { x, label } of xTicks(chart, language))
    labels.push(at(xOf(x) - 50, plot.top + plot.height + 6, 100, label, 'center'));
  shapes.push(
    shape('line', {
      x1: plot.left,
      x2: plot.left + plot.width,
      y1: plot.top + plot.height,
      y2: plot.top + plot.height,
      stroke: MUTED,
      strokeWidth: 1,
    }),
  );
  chart.series.forEach((series, i) => {
    const colour = lineColour(i, chart.series.length, 'plain');
    let path = '';
    let pen = false;
    series.values.forEach((v, k) => {
      if (v === undefined) return;
      if (v === null) return void (pen = false);
      path += `${pen ? 'L' : 'M'}${xOf(chart.xs[k]).toFixed(1)},${yOf(series.unit, v).toFixed(1)}`;
      pen = true;
    });
    shapes.push(shape('path', { d: path, stroke: colour, strokeWidth: 2.5, fill: 'none', strokeLinejoin: 'round' }));
    // A value alone (no neighbour to join) shows as a dot.
    series.values.forEach((v, k) => {
      if (typeof v !== 'number' || typeof series.values[k - 1] === 'number' || typeof series.values[k + 1] === 'number')
        return;
      shapes.push(shape('circle', { cx: xOf(chart.xs[k]), cy: yOf(series.unit, v), r: 3.5, fill: colour }));
    });
  });
  const plotWidth = size.width - LEGEND_WIDTH;
  return box(
    { width: size.width, height: size.height },
    box(
      { position: 'relative', width: plotWidth, height: size.height },
      svg(plotWidth, size.height, `0 0 ${plotWidth} ${size.height}`, shapes),
      ...labels,
    ),
    legend(chart, t, size.height),
  );
}

/** Bars that fit one image: each needs room for its name. */
export const mostBars = (height: number) => Math.floor(height / 18);

/**
 * Bars by place as the page draws them: highest first, a bar per date in the palette's colours,
 * each with its value at its end. Only the first `mostBars` fit; the caller says how many more there are.
 */
export function barChartNode(chart: BarChartState, size: { width: number; height: number }, language: Language): Node {
  const number = numberFormat(language);
  const bars = chart.bars.slice(0, mostBars(size.height));
  const values = bars.flatMap((b) => b.values.filter((v): v is number => v !== null));
  const [low, high] = nice(Math.min(0, ...values), Math.max(0, ...values), 5);
  const datesRow = chart.dates.length > 1 ? 24 : 0;
  const row = Math.min(36, (size.height - datesRow) / bars.length);
  const width = size.width - NAMES_WIDTH - 80;
  const xOf = (v: number) => NAMES_WIDTH + ((v - low) / (high - low || 1)) * width;
  const slot = (row * 0.8) / chart.dates.length;
  const shapes: Node[] = [];
  const labels: Child[] = [];
  bars.forEach((bar, i) => {
    const top = datesRow + i * row;
    labels.push(at(0, top + row / 2 - 9, NAMES_WIDTH - 10, clip(bar.label, 30), 'right'));
    bar.values.forEach((v, d) => {
      if (v === null) return;
      const y = top + row * 0.1 + d * slot;
      const [from, to] = [xOf(Math.min(0, v)), xOf(Math.max(0, v))];
      shapes.push(shape('rect', { x: from, y, width: Math.max(1, to - from), height: slot - 1, fill: PALETTE[d] }));
      labels.push(at(v < 0 ? from - 76 : to + 4, y + slot / 2 - 9, 72, number.format(v), v < 0 ? 'right' : 'left'));
    });
  });
  if (datesRow)
    chart.dates.forEach((date, d) =>
      labels.push(
        box(
          { position: 'absolute', left: NAMES_WIDTH + d * 160, top: 0, alignItems: 'center', ...LABEL },
          box({ width: 12, height: 12, marginRight: 6, backgroundColor: PALETTE[d] }),
          periodLabel(date, language),
        ),
      ),
    );
  shapes.push(shape('line', { x1: xOf(0), x2: xOf(0), y1: datesRow, y2: size.height, stroke: MUTED, strokeWidth: 1 }));
  return box(
    { position: 'relative', width: size.width, height: size.height },
    svg(size.width, size.height, `0 0 ${size.width} ${size.height}`, shapes),
    ...labels,
  );
}
