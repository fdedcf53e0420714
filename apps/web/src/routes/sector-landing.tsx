import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../routing';
import type { SectorDetail } from '@portal/contract/catalog';
import { useSector, useSite } from '../api/catalog';
import { ApiError } from '../api/client';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import NotFound from './not-found';
import { sectorQuery } from '../api/catalog';
import { routeData } from '../route-data';

const pageData = routeData(({ params }) => [sectorQuery(params.sector ?? '')]);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

export default function SectorLanding() {
  const sector = useSector(useParams().sector ?? '');
  if (sector.error instanceof ApiError && sector.error.status === 404) return <NotFound />;
  return (
    <PageLayout>
      {sector.isPending && <Loading />}
      {sector.error && <LoadError error={sector.error} />}
      {sector.data && <SectorSources sector={sector.data} />}
    </PageLayout>
  );
}

function SectorSources({ sector }: { sector: SectorDetail }) {
  const { t } = useTranslation();
  const site = useSite().data;
  const title = t('sectorPage.title', { sector: sector.title });
  const head = <PageHead title={site && `${title} | ${site.name}`} description={sector.description} />;
  return (
    <>
      {head}
      <p className="mb-2">
        <Link to="/sectors">{t('sectorPage.back')}</Link>
      </p>
      <h1 className="h2">{title}</h1>
      <p className="lead">{sector.intro ?? sector.description}</p>
      <h2 className="h4 mt-4">
        {sector.slug === 'water' ? t('sectorPage.waterSources') : t('sectorPage.dataSources')}
      </h2>
      <ul className="list-unstyled source-list">
        {sector.sources.map((source) => (
          <li key={source.slug} className="source-list-item border-bottom py-3">
            <h3 className="h5 mb-1" id={source.dataSourceHeaderID}>
              {source.title}
            </h3>
            <p className="mb-2" id={source.dataSourceBodyID}>
              {source.description}
            </p>
            <Link
              className="btn btn-sm btn-primary"
              to={`${source.dataPageURL}/timeseries`}
              aria-label={t('sourceList.dataPageOf', { source: source.title })}
            >
              {t('sourceList.dataPage')}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
