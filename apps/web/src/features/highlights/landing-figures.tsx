import { useLanguage } from '../../i18n';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import type { Highlight } from '@portal/contract/highlights';
import { caveatKey } from '@portal/contract/messages';
import { useHighlights } from '../../api/highlights';
import { LoadError, Loading } from '../../components/status';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import { TrendLine } from './trend-line';

/** The landing page's figures, as the data's manifests mark them, each with its period, unit and source. */
export function LandingFigures() {
  const { t } = useTranslation();
  const highlights = useHighlights();
  return (
    <section className="landing-figures mb-5" aria-labelledby="landing-figures-heading">
      <h2 id="landing-figures-heading" className="h4 mb-3">
        {t('home.figures.heading')}
      </h2>
      {highlights.isPending && <Loading />}
      {highlights.error && <LoadError error={highlights.error} />}
      {highlights.data?.figures.length === 0 && <p>{t('home.figures.none')}</p>}
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled">
        {highlights.data?.figures.map((figure) => (
          <li key={`${figure.variable}-${figure.location ?? ''}`} className="col">
            <FigureCard figure={figure} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FigureCard({ figure }: { figure: Highlight }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const where = figure.location ?? t('home.figures.median', { count: figure.counties ?? 0 });
  const caveat = caveatKey(figure.caveat);
  return (
    <article className="figure-card card h-100">
      <div className="card-body d-flex flex-column">
        <h3 className="h6 mb-1">{figure.variable}</h3>
        <p className="figure-where mb-2">
          {t('home.figures.where', { where, period: formatPeriod(figure.latest.date, figure.period, language) })}
        </p>
        <p className="figure-value mb-1">
          <span className="figure-number">{formatFigure(figure.latest.value, language)}</span>{' '}
          <span className="figure-unit">{figure.unit}</span>
        </p>
        <TrendLine figure={figure} />
        {caveat && <p className="figure-caveat mt-2 mb-0">{t(caveat)}</p>}
        <p className="figure-source mt-2 mb-2">{t('home.figures.source', { publisher: figure.dataset.publisher })}</p>
        <Link
          to={figure.url}
          className="mt-auto"
          aria-label={t('home.figures.openLabel', { variable: figure.variable })}
        >
          {t('home.figures.open')}
        </Link>
      </div>
    </article>
  );
}
