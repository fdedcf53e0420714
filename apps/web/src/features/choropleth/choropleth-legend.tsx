import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choropleth } from '@portal/contract/choropleth';
import { caveatKey, type Language, type Translate } from '@portal/contract/messages';
import { numberFormat, useLanguage } from '../../i18n';
import { formatPeriod } from '@portal/contract/figure-format';
import { formatMapValue } from './format';
import { classColours, NO_VALUE_COLOUR } from '@portal/contract/chart-style';

export interface LegendEntry {
  colour: string;
  label: string;
}

/** The legend's rows, lowest class first, then the grey of counties without a value: the page and the PNG draw the same. */
export function legendEntries(map: Choropleth, t: Translate, language: Language): LegendEntry[] {
  const { breaks } = map.classes;
  const classes = classColours(breaks.length - 1).map((colour, i) => ({
    colour,
    label: t('choropleth.legend.range', {
      from: formatMapValue(breaks[i], language),
      to: formatMapValue(breaks[i + 1], language),
    }),
  }));
  return [...classes, { colour: NO_VALUE_COLOUR, label: t('choropleth.legend.noValue') }];
}

/** How the classes were made and from which values ('Quantiles of all 6,298 county values, January 2015 – February 2026'). */
export function methodText(map: Choropleth, t: Translate, language: Language): string {
  const first = formatPeriod(map.periods[0], map.variable.period, language);
  const last = formatPeriod(map.periods.at(-1)!, map.variable.period, language);
  const span = first === last ? first : t('choropleth.legend.span', { first, last });
  const count = numberFormat(language).format(map.classes.valueCount);
  return t(`choropleth.legend.method.${map.classes.method}`, { count, span });
}

/** The class colours with their ranges and unit, the grey of 'no value', and how the classes were made. */
export function ChoroplethLegend({ map }: { map: Choropleth }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="choropleth-legend" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 mb-2">
        {t('choropleth.legend.title', { unit: map.variable.unit })}
      </h2>
      <LegendMeasure map={map} />
      <ul className="list-unstyled mb-2">
        {legendEntries(map, t, language).map((entry) => (
          <li key={entry.colour} className="choropleth-legend-entry">
            <span className="choropleth-swatch" style={{ background: entry.colour }} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
      </ul>
      <p className="small mb-1">{methodText(map, t, language)}</p>
      {map.periods.length > 1 && <p className="small mb-0">{t('choropleth.legend.samePeriods')}</p>}
    </section>
  );
}

/** What the mapped figure measures: its caveat where it is easily taken for another figure, else its definition. */
function LegendMeasure({ map }: { map: Choropleth }) {
  const { t } = useTranslation();
  const caveat = caveatKey(map.variable.caveat);
  const text = caveat ? t(caveat) : map.variable.definition;
  return text ? <p className="choropleth-measure small mb-2">{text}</p> : null;
}
