import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../routing';
import { RepresentationSchema, type Representation } from '@portal/contract/catalog';
import { overviewTarget } from '@portal/contract/rules';
import { useSite, useSources } from '../api/catalog';
import { TYPE_HEADING_KEYS } from '../components/data-types';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import NotFound from './not-found';
import { data } from 'react-router';
import { sourcesQuery } from '../api/catalog';
import { routeData } from '../route-data';

const pageData = routeData(() => [sourcesQuery()], {
  check: (_client, { params }) => {
    if (!RepresentationSchema.safeParse(params.type).success) throw data(null, { status: 404 });
  },
});
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

export default function FilterOverview() {
  const type = RepresentationSchema.safeParse(useParams().type);
  if (!type.success) return <NotFound />;
  return <Overview type={type.data} />;
}

function Overview({ type }: { type: Representation }) {
  const { t } = useTranslation();
  const site = useSite().data;
  const sources = useSources();
  const heading = t(TYPE_HEADING_KEYS[type]);
  const head = (
    <PageHead
      title={site && `${heading} | ${site.name}`}
      description={t('meta.filterOverview', { heading, text: t(`filters.${type}.text`) })}
    />
  );
  return (
    <PageLayout>
      {head}
      <p className="mb-2">
        <Link to="/filters">{t('filterOverview.back')}</Link>
      </p>
      <h1 className="h2 mb-4">{heading}</h1>
      {sources.isPending && <Loading />}
      {sources.error && <LoadError error={sources.error} />}
      <ul className="list-unstyled source-list">
        {sources.data?.map((source) => (
          <li key={`${source.sector}/${source.slug}`} className="source-list-item border-bottom py-3">
            <h2 className="h5 mb-1">
              {source.title} <span className="text-body-secondary fw-normal">({source.sectorTitle})</span>
            </h2>
            <p className="mb-2">{source.description}</p>
            <Link
              className="btn btn-sm btn-primary"
              to={overviewTarget(source.dataPageURL, type)}
              aria-label={t('sourceList.dataPageOfSector', { source: source.title, sector: source.sectorTitle })}
            >
              {t('sourceList.dataPage')}
            </Link>
          </li>
        ))}
      </ul>
    </PageLayout>
  );
}
