import { useLanguage } from '../../i18n';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import type { CountyFigure } from '@portal/contract/counties';
import { licenceToVerify } from '@portal/contract/licences';
import { CHOROPLETH_MIN_COUNTIES } from '@portal/contract/choropleth-classes';
import { datasetPath, PAGES } from '@portal/contract/paths';
import { Licence } from '../../components/licence';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import { TrendLine } from '../highlights/trend-line';
import { mapStateParams } from '../choropleth/map-state';

/** The county map of this figure on the same date. */
const countyMapLink = (figure: CountyFigure, date: string) =>
  `${PAGES.countyMap}?${mapStateParams({ source: `${figure.source.sector}/${figure.source.slug}`, variable: figure.variable, period: date, method: 'quantile' }).toString()}`;

/** One headline figure of a county: value, period, rank, Kenya's value, recent values and source. */
export function CountyFigureCard({ figure, county }: { figure: CountyFigure; county: string }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const { latest } = figure;
  return (
    <article className="county-figure card h-100">
      <div className="card-body d-flex flex-column">
        <h3 className="h6 mb-1">{figure.variable}</h3>
        {latest ? (
          <>
            <p className="mb-1">
              <span className="figure-number">{formatFigure(latest.value, language)}</span>{' '}
              <span className="figure-unit">{figure.unit}</span>
            </p>
            <p className="county-figure-facts mb-1">
              {formatPeriod(latest.date, figure.period, language)}
              {figure.rank && <span className="d-block">{t('county.rank', figure.rank)}</span>}
              {figure.national && (
                <span className="d-block">
                  {t('county.national', { value: formatFigure(figure.national.value, language), unit: figure.unit })}
                </span>
              )}
            </p>
            <TrendLine figure={figure} />
          </>
        ) : (
          <p className="text-body-secondary mb-1">{t('county.noValue', { name: county })}</p>
        )}
        <p className="county-figure-source mt-2 mb-2">
          <Trans
            i18nKey="county.source"
            values={{ publisher: figure.dataset.publisher }}
            components={{ datasetLink: <Link to={datasetPath(figure.dataset.id)} title={figure.dataset.title} /> }}
          />
        </p>
        {latest && (
          <p className="mt-auto mb-0 d-flex flex-wrap column-gap-3 d-print-none">
            <Link to={figure.url} aria-label={t('county.openSeriesLabel', { variable: figure.variable, name: county })}>
              {t('county.openSeries')}
            </Link>
            {figure.rank && figure.rank.of >= CHOROPLETH_MIN_COUNTIES && (
              <Link
                to={countyMapLink(figure, latest.date)}
                aria-label={t('county.mapAllLabel', { variable: figure.variable })}
              >
                {t('county.mapAll')}
              </Link>
            )}
          </p>
        )}
      </div>
    </article>
  );
}

/** The datasets a topic's figures come from, each with its licence and retrieval date. */
export function TopicSources({ figures }: { figures: CountyFigure[] }) {
  const { t } = useTranslation();
  const datasets = [...new Map(figures.map((f) => [f.dataset.id, f.dataset])).values()];
  return (
    <ul className="county-topic-sources list-unstyled small mt-2">
      {datasets.map((dataset) => (
        <li key={dataset.id}>
          <Link to={datasetPath(dataset.id)}>{dataset.title}</Link>
          {'. '}
          {t('county.licence')} <Licence licence={dataset.licence} toVerify={licenceToVerify(dataset.licence)} />
          {'. '}
          {t('county.retrieved', { date: dataset.retrieved })}
        </li>
      ))}
    </ul>
  );
}
