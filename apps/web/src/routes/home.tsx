import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import { API, PAGES } from '@portal/contract/paths';
import { useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { Loading } from '../components/status';
import { LandingFigures } from '../features/highlights/landing-figures';
import { LongestRecords } from '../features/highlights/longest-records';
import { SearchBox } from '../features/search/search-box';
import { highlightsQuery } from '../api/highlights';
import { routeData } from '../route-data';

const pageData = routeData(() => [highlightsQuery()]);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

export default function Home() {
  const { t } = useTranslation();
  const { data: site, isPending } = useSite();
  const head = (
    <PageHead
      title={site?.name}
      description={t('home.lead')}
      feed={site && { path: API.feed, title: t('feed.title.portal', { siteName: site.name }) }}
    />
  );
  // The heading names the site: drawn before the name came, it would change its length and push
  // the whole page down when it came.
  if (isPending)
    return (
      <PageLayout>
        {head}
        <Loading />
      </PageLayout>
    );
  return (
    <PageLayout>
      {head}
      <section className="hero text-center py-5">
        <h1 className="display-5 fw-bold">
          {t('home.welcome', { siteName: site?.name ?? t('home.siteNameFallback') })}
        </h1>
        <p className="lead mx-auto hero-lead">{t('home.lead')}</p>
        <Link to="/sectors" className="btn btn-primary btn-lg">
          {t('home.start')}
        </Link>
      </section>
      <section className="home-search mx-auto mb-5" aria-labelledby="home-search-heading">
        <h2 id="home-search-heading" className="h5 text-center">
          {t('home.searchHeading')}
        </h2>
        <SearchBox size="large" />
      </section>
      <LandingFigures />
      <section className="mb-5" aria-labelledby="home-counties-heading">
        <h2 id="home-counties-heading" className="h4 mb-2">
          {t('home.counties.heading')}
        </h2>
        <p className="mb-1">{t('home.counties.text')}</p>
        <p className="d-flex flex-wrap gap-3">
          <Link to={PAGES.counties}>{t('home.counties.open')}</Link>
          <Link to={PAGES.countyMap}>{t('counties.mapAny')}</Link>
        </p>
      </section>
      <LongestRecords />
    </PageLayout>
  );
}
