import type { County, CountyFigure } from '@portal/contract/counties';
import { COMPARE_MAX } from '@portal/contract/county-rules';
import { nameWithUnit } from '@portal/contract/variable-names';
import { countyPath, PAGES } from '@portal/contract/paths';
import type { Language, Translate } from '@portal/contract/messages';
import { box, type Child, type Node } from './draw.ts';
import { clip, MUTED, RULE, TEXT } from './frame.ts';
import { formatPeriod } from '@portal/contract/figure-format';
import { absolute, type ImageView, numberFormat, type ViewContext } from './view.ts';

/** Gap between the two columns of rows. */
const GUTTER = 32;
/** Room of a county's value on the compare image. */
const VALUE_WIDTH = 82;

/** Rows in two columns, the first half left: the thirty-odd headline figures fit one image that way. */
function twoColumns(rows: Child[][], widths: number[], { width, height }: { width: number; height: number }): Node {
  const perColumn = Math.ceil(rows.length / 2);
  const rowHeight = Math.min(32, height / perColumn);
  const column = (part: Child[][]) =>
    box(
      { flexDirection: 'column', width: (width - GUTTER) / 2 },
      ...part.map((cells) =>
        box(
          { height: rowHeight, alignItems: 'center', borderBottom: `1px solid ${RULE}`, fontSize: 13, color: TEXT },
          ...cells.map((cell, i) => box({ width: widths[i], justifyContent: i ? 'flex-end' : 'flex-start' }, cell)),
        ),
      ),
    );
  return box(
    { width, height, justifyContent: 'space-between' },
    column(rows.slice(0, perColumn)),
    column(rows.slice(perColumn)),
  );
}

/** Room left for a row's name in one of two columns beside `others` pixels of values. */
const labelWidth = (width: number, others: number) => (width - GUTTER) / 2 - others;

const datasetsOf = (figures: CountyFigure[]) => [...new Set(figures.map((f) => f.dataset.id))];

/** The span of the figures' latest dates, as the subtitle says it: 'latest values, 2019 – February 2026'. */
function latestSpan(figures: CountyFigure[], t: Translate, language: Language): string {
  const dated = figures.flatMap((f) => (f.latest ? [{ date: f.latest.date, period: f.period }] : []));
  if (!dated.length) return t('image.latest');
  dated.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const [first, last] = [dated[0], dated.at(-1)!].map((d) => formatPeriod(d.date, d.period, language));
  return `${t('image.latest')}, ${first === last ? first : t('choropleth.legend.span', { first, last })}`;
}

/** The county profile's headline figures as an image: each figure's latest value, its date and the county's rank. */
export function countyView(
  county: County,
  figures: CountyFigure[],
  { t, language, publicUrl }: ViewContext,
): ImageView {
  const number = numberFormat(language);
  return {
    texts: {
      title: t('image.county.title', { county: county.name }),
      period: latestSpan(figures, t, language),
      units: [],
      page: absolute(publicUrl, countyPath(county.slug)),
    },
    body: (room) =>
      twoColumns(
        figures.map((f) => [
          box({ color: MUTED }, clip(nameWithUnit(f.variable, f.unit), Math.floor(labelWidth(room.width, 290) / 7))),
          box({ fontWeight: 700 }, f.latest ? number.format(f.latest.value) : '–'),
          f.latest
            ? box(
                { color: MUTED },
                [
                  formatPeriod(f.latest.date, f.period, language),
                  f.rank && t('image.rank', { position: f.rank.position, of: f.rank.of }),
                ]
                  .filter(Boolean)
                  .join(' · '),
              )
            : null,
        ]),
        [labelWidth(room.width, 290), 90, 200],
        room,
      ),
    table: {
      columns: ['variable', 'value', 'unit', 'date', 'rank', 'dataset'],
      rows: figures.map((f) => [
        f.variable,
        f.latest?.value ?? null,
        f.unit,
        f.latest?.date ?? null,
        f.rank?.position ?? null,
        f.dataset.id,
      ]),
    },
    datasetIds: datasetsOf(figures),
  };
}

/** The compare page as an image: a row per headline figure, a column per county (at most four), the latest values. */
export function compareView(
  compared: { county: County; figures: CountyFigure[] }[],
  { t, language, publicUrl }: ViewContext,
): ImageView {
  const number = numberFormat(language);
  const headlines = compared[0].figures;
  const params = new URLSearchParams(
    compared.slice(0, COMPARE_MAX).map(({ county }): [string, string] => ['c', county.slug]),
  );
  return {
    texts: {
      title: t('image.compare.title', { counties: compared.map(({ county }) => county.name).join(', ') }),
      period: latestSpan(
        headlines.flatMap((_, i) => compared.map(({ figures }) => figures[i])),
        t,
        language,
      ),
      units: [],
      page: absolute(publicUrl, `${PAGES.compareCounties}?${params.toString()}`),
    },
    body: (room) => {
      const label = labelWidth(room.width, compared.length * VALUE_WIDTH);
      const header = [box({}, ''), ...compared.map(({ county }) => box({ fontWeight: 700 }, clip(county.name, 12)))];
      const rows = headlines.map((h, i) => [
        box({ color: MUTED }, clip(nameWithUnit(h.variable, h.unit), Math.floor(label / 7))),
        ...compared.map(({ figures }) => {
          const latest = figures[i].latest;
          return box({}, latest ? number.format(latest.value) : '–');
        }),
      ]);
      // The counties' names head both columns.
      const half = Math.ceil(rows.length / 2);
      return twoColumns(
        [header, ...rows.slice(0, half), header, ...rows.slice(half)],
        [label, ...compared.map(() => VALUE_WIDTH)],
        room,
      );
    },
    table: {
      columns: ['county', 'variable', 'value', 'unit', 'date', 'dataset'],
      rows: compared.flatMap(({ county, figures }) =>
        figures.map((f) => [
          county.name,
          f.variable,
          f.latest?.value ?? null,
          f.unit,
          f.latest?.date ?? null,
          f.dataset.id,
        ]),
      ),
    },
    datasetIds: datasetsOf(compared.flatMap(({ figures }) => figures)),
  };
}
