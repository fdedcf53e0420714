import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choropleth } from '@portal/contract/choropleth';
import type { Translate } from '@portal/contract/messages';
import { numberFormat } from '../../i18n';
import { formatPeriod } from '../highlights/format';
import { formatMapValue } from './format';
import { classColours, NO_VALUE_COLOUR } from './map-state';

export interface LegendEntry {
  colour: string;
  label: string;
}

/** The legend's rows, lowest class first, then the grey of counties without a value: the page and the PNG draw the same. */
export function legendEntries(map: Choropleth, t: Translate): LegendEntry[] {
  const { breaks } = map.classes;
  const classes = classColours(breaks.length - 1).map((colour, i) => ({
    colour,
    label: t('choropleth.legend.range', { from: formatMapValue(breaks[i]), to: formatMapValue(breaks[i + 1]) }),
  }));
  return [...classes, { colour: NO_VALUE_COLOUR, label: t('choropleth.legend.noValue') }];
}

/** How the classes were made and from which values ('Quantiles of all 6,298 county values, January 2015 – February 2026'). */
export function methodText(map: Choropleth, t: Translate): string {
  const first = formatPeriod(map.periods[0], map.variable.period);
  const last = formatPeriod(map.periods.at(-1)!, map.variable.period);
  const span = first === last ? first : t('choropleth.legend.span', { first, last });
  const count = numberFormat().format(map.classes.valueCount);
  return t(`choropleth.legend.method.${map.classes.method}`, { count, span });
}

/** The class colours with their ranges and unit, the grey of 'no value', and how the classes were made. */
export function ChoroplethLegend({ map }: { map: Choropleth }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="choropleth-legend" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 mb-2">
        {t('choropleth.legend.title', { unit: map.variable.unit })}
      </h2>
      <ul className="list-unstyled mb-2">
        {legendEntries(map, t).map((entry) => (
          <li key={entry.colour} className="choropleth-legend-entry">
            <span className="choropleth-swatch" style={{ background: entry.colour }} aria-hidden="true" />
            {entry.label}
          </li>
        ))}
      </ul>
      <p className="small mb-1">{methodText(map, t)}</p>
      {map.periods.length > 1 && <p className="small mb-0">{t('choropleth.legend.samePeriods')}</p>}
    </section>
  );
}
