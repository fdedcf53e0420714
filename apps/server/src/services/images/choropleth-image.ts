import { classColours, NO_VALUE_COLOUR } from '@portal/contract/chart-style';
import type { Choropleth } from '@portal/contract/choropleth';
import type { CountyOutlines } from '@portal/contract/counties';
import { COUNTY_MAP_WIDTH, countyShapes } from '@portal/contract/county-shapes';
import { PAGES } from '@portal/contract/paths';
import { box, shape, svg } from './draw.ts';
import { MUTED, TEXT } from './frame.ts';
import { formatPeriod } from '@portal/contract/figure-format';
import { absolute, type ImageView, numberFormat, type ViewContext } from './view.ts';

const LEGEND_WIDTH = 380;

/** The county map's address for the map shown, as the page writes it (the default method left out). */
function mapPage(map: Choropleth): string {
  const params = new URLSearchParams({
    source: `${map.source.sector}/${map.source.slug}`,
    variable: map.variable.name,
  });
  params.set('period', map.period);
  if (map.classes.method !== 'quantile') params.set('method', map.classes.method);
  return `${PAGES.countyMap}?${params.toString()}`;
}

/**
 * The county map as an image: the 47 counties in the page's class colours (the same breaks over
 * every period), the legend with the class ranges and how they were made, counties without a value in grey.
 */
export function choroplethView(
  map: Choropleth,
  outlines: CountyOutlines,
  { t, language, publicUrl }: ViewContext,
): ImageView {
  const number = numberFormat(language);
  const { breaks } = map.classes;
  const colours = classColours(breaks.length - 1);
  const fills = new Map(map.counties.map((c) => [c.slug, c.class === null ? NO_VALUE_COLOUR : colours[c.class]]));
  const span = (date: string) => formatPeriod(date, map.variable.period, language);
  const first = span(map.periods[0]);
  const last = span(map.periods.at(-1)!);
  const method = t(`choropleth.legend.method.${map.classes.method}`, {
    count: number.format(map.classes.valueCount),
    span: first === last ? first : t('choropleth.legend.span', { first, last }),
  });
  const legend = [
    ...colours.map((colour, i) => ({
      colour,
      label: t('choropleth.legend.range', { from: number.format(breaks[i]), to: number.format(breaks[i + 1]) }),
    })),
    { colour: NO_VALUE_COLOUR, label: t('choropleth.legend.noValue') },
  ];
  const period = span(map.period);
  return {
    texts: { title: map.variable.name, period, units: [map.variable.unit], page: absolute(publicUrl, mapPage(map)) },
    body: ({ width, height }) => {
      const { shapes, height: mapHeight } = countyShapes(outlines);
      const scale = Math.min(height / mapHeight, (width - LEGEND_WIDTH) / COUNTY_MAP_WIDTH);
      return box(
        { width, height },
        svg(
          COUNTY_MAP_WIDTH * scale,
          mapHeight * scale,
          `0 0 ${COUNTY_MAP_WIDTH} ${mapHeight}`,
          shapes.map((s) =>
            shape('path', {
              d: s.path,
              fill: fills.get(s.slug) ?? NO_VALUE_COLOUR,
              stroke: '#ffffff',
              strokeWidth: 0.8,
            }),
          ),
        ),
        box(
          { flexDirection: 'column', paddingLeft: 32, width: LEGEND_WIDTH, justifyContent: 'center' },
          box(
            { fontSize: 16, fontWeight: 700, color: TEXT, marginBottom: 8 },
            t('choropleth.legend.title', { unit: map.variable.unit }),
          ),
          ...legend.map(({ colour, label }) =>
            box(
              { alignItems: 'center', height: 28, fontSize: 15, color: TEXT },
              box({ width: 22, height: 16, marginRight: 10, backgroundColor: colour, border: `1px solid ${MUTED}` }),
              label,
            ),
          ),
          box({ fontSize: 13, color: MUTED, marginTop: 8 }, method),
        ),
      );
    },
    table: {
      columns: ['county', 'code', 'value', 'unit', 'period', 'class'],
      rows: map.counties.map((c) => [
        c.name,
        c.code,
        c.value,
        map.variable.unit,
        map.period,
        c.class === null ? null : c.class + 1,
      ]),
    },
    datasetIds: [map.dataset.id],
  };
}
