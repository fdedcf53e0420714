import type { Language } from '@portal/contract/messages';
import { useLanguage } from '../../i18n';
import { useEffect, useRef } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import type { Choropleth, ChoroplethCounty } from '@portal/contract/choropleth';
import type { Translate } from '@portal/contract/messages';
import { countyPath } from '@portal/contract/paths';
import { formatPeriod } from '@portal/contract/figure-format';
import { formatMapValue } from './format';

/** A county's value with its unit and period, or that it has none: 'Turkana: 45.2 mm, March 2024', or without the name under its heading. */
function countyValueText(
  map: Choropleth,
  county: ChoroplethCounty,
  t: Translate,
  language: Language,
  named = true,
): string {
  const period = formatPeriod(map.period, map.variable.period, language);
  if (county.value === null)
    return named
      ? t('choropleth.county.noValue', { county: county.name, period })
      : t('choropleth.county.panelNoValue', { period });
  const value = { value: formatMapValue(county.value, language), unit: map.variable.unit, period };
  return named
    ? t('choropleth.county.value', { county: county.name, ...value })
    : t('choropleth.county.panelValue', value);
}

/** What the pointer is over, read out politely: the county's value, or how to use the map. */
export function HoverInfo({ map, slug }: { map: Choropleth; slug: string | null }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const county = map.counties.find((c) => c.slug === slug);
  return (
    <p className="choropleth-hover mb-2" aria-live="polite">
      {county ? countyValueText(map, county, t, language) : t('choropleth.hover.hint')}
    </p>
  );
}

/** Kenya's value in the period shown, where the data has one. */
export function NationalValue({ map }: { map: Choropleth }) {
  const language = useLanguage();
  const { t } = useTranslation();
  if (map.national === null) return null;
  return (
    <p className="choropleth-national small mb-2">
      {t('choropleth.national', {
        value: formatMapValue(map.national, language),
        unit: map.variable.unit,
        period: formatPeriod(map.period, map.variable.period, language),
      })}
    </p>
  );
}

/** The county chosen on the map or in the table: its value and rank, and links to its timeseries and its profile. */
export function CountyPanel({ map, slug, onClose }: { map: Choropleth; slug: string; onClose: () => void }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // A county chosen from the table is shown out of view on a phone: bring its panel to the keyboard and the eye.
  useEffect(() => heading.current?.focus(), [slug]);
  const county = map.counties.find((c) => c.slug === slug);
  if (!county) return null;
  return (
    <section className="choropleth-county card mb-3" aria-labelledby={`county-panel-${slug}`}>
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-start">
          <h2 id={`county-panel-${slug}`} className="h6 mb-2" tabIndex={-1} ref={heading}>
            {county.name}
          </h2>
          <CloseButton aria-label={t('choropleth.county.close')} onClick={onClose} />
        </div>
        <p className="mb-1">{countyValueText(map, county, t, language, false)}</p>
        {county.rank !== null && (
          <p className="small mb-2">
            {t('choropleth.county.rank', { rank: county.rank, count: map.countiesWithValue })}
          </p>
        )}
        <ul className="list-unstyled mb-0">
          <li>
            <Link to={county.url}>{t('choropleth.county.timeseries', { county: county.name })}</Link>
          </li>
          <li>
            <Link to={countyPath(county.slug)}>{t('choropleth.county.profile', { county: county.name })}</Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
