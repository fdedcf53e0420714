import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import { useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';

const TILES = [
  { to: '/filters/raster/overview', title: 'filters.raster.title', text: 'filters.raster.text' },
  { to: '/filters/timeseries/overview', title: 'filters.timeseries.title', text: 'filters.timeseries.text' },
  { to: '/filters/external/overview', title: 'filters.external.title', text: 'filters.external.text' },
] as const;

export default function Filters() {
  const { t } = useTranslation();
  const site = useSite().data;
  const head = <PageHead title={site && `${t('filters.title')} | ${site.name}`} description={t('meta.filters')} />;
  return (
    <PageLayout>
      {head}
      <h1 className="h2 mb-4">{t('filters.title')}</h1>
      <div className="row row-cols-1 row-cols-md-3 g-4">
        {TILES.map((tile) => (
          <div className="col" key={tile.to}>
            <Link to={tile.to} className="card h-100 text-decoration-none filter-tile">
              <div className="card-body">
                <h2 className="h4 card-title">{t(tile.title)}</h2>
                <p className="card-text text-body">{t(tile.text)}</p>
              </div>
            </Link>
          </div>
        ))}
      </div>
    </PageLayout>
  );
}
