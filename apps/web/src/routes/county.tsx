import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../routing';
import type { CountyFigure, CountyProfile, HeadlineTopic } from '@portal/contract/counties';
import { HEADLINE_TOPICS } from '@portal/contract/county-rules';
import { LANGUAGE_PARAM } from '@portal/contract/languages';
import { API, countyFactsheetPath, PAGES } from '@portal/contract/paths';
import { useSite } from '../api/catalog';
import { useLanguage } from '../i18n';
import { ApiError } from '../api/client';
import { useCountyMapShapes, useCountyProfile } from '../api/counties';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { CountyFigureCard, TopicSources } from '../features/counties/county-figure';
import { CountyMap } from '../features/counties/county-map';
import { ShareButton } from '../features/share/share-button';
import { viewImagePath } from '@portal/contract/share';
import { compareLink } from '../features/counties/compare-state';
import NotFound from './not-found';
import { countyMapShapesQuery, countyProfileQuery } from '../api/counties';
import { isMissingOrMalformed, routeData } from '../route-data';
import { FollowToggle } from '../features/follows/follow-toggle';

/** The colour of the county on its locator map. */
const LOCATED = '#e8a09a';

const pageData = routeData(({ params }) => [countyProfileQuery(params.slug ?? ''), countyMapShapesQuery()], {
  isMissing: isMissingOrMalformed,
});
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** `/counties/{slug}`: a county's headline figures by topic, each ranked and sourced, with a locator map. */
export default function CountyPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const site = useSite().data;
  const language = useLanguage();
  const query = useCountyProfile(slug);
  const name = query.data?.county.name;
  const head = (
    <PageHead
      title={name && site && t('meta.countyTitle', { name, siteName: site.name })}
      description={name && t('meta.county', { name })}
      feed={name ? { path: API.countyFeed(slug), title: t('feed.title.county', { county: name }) } : undefined}
      image={name ? viewImagePath({ kind: 'county', slug }, 'png', language) : undefined}
    />
  );

  // A slug that is not one (400) or that no county has (404) is a bad link, like any unknown page.
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
    return <NotFound />;
  return (
    <PageLayout>
      {head}
      <nav aria-label={t('county.allCounties')} className="small mb-2 d-print-none">
        <Link to={PAGES.counties}>{t('county.allCounties')}</Link>
      </nav>
      {query.error ? <LoadError error={query.error} /> : !query.data ? <Loading /> : <Profile profile={query.data} />}
    </PageLayout>
  );
}

function Profile({ profile }: { profile: CountyProfile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { county, figures } = profile;
  const drawing = useCountyMapShapes().data;
  return (
    <article className="county-profile">
      <div className="row g-4 mb-3 county-header">
        <div className="col-md-8">
          <h1 className="h2 mb-1">{t('county.title', { name: county.name })}</h1>
          <p className="text-body-secondary mb-1">{t('county.code', { code: county.code })}</p>
          <p className="county-rank-note small mb-3">{t('county.rankNote')}</p>
          <div className="d-flex flex-wrap align-items-center gap-2 d-print-none">
            <ShareButton
              view={{ kind: 'county', slug: county.slug }}
              title={t('county.title', { name: county.name })}
            />
            <Button variant="outline-primary" size="sm" onClick={() => window.print()}>
              {t('county.print')}
            </Button>
            <Link className="btn btn-outline-primary btn-sm" to={compareLink([county.slug])}>
              {t('county.compareWith')}
            </Link>
            {/* A document the server makes, not a page of the app: a plain link, in the page's language. */}
            <a
              className="btn btn-outline-primary btn-sm"
              href={`${countyFactsheetPath(county.slug)}?${LANGUAGE_PARAM}=${language}`}
              aria-label={t('county.factsheetLabel', { name: county.name })}
            >
              {t('county.factsheet')}
            </a>
          </div>
          <FollowToggle kind="county" target={county.slug} />
        </div>
        <div className="col-md-4 county-locator">
          {drawing && (
            <CountyMap
              drawing={drawing}
              fill={(slug) => (slug === county.slug ? LOCATED : 'var(--county-fill)')}
              selected={county.slug}
              label={t('county.locator', { name: county.name })}
            />
          )}
        </div>
      </div>
      {figures.length === 0 && <p>{t('county.noFigures')}</p>}
      {HEADLINE_TOPICS.map((topic) => (
        <TopicSection
          key={topic}
          topic={topic}
          figures={figures.filter((f) => f.topic === topic)}
          county={county.name}
        />
      ))}
      {/* On paper the sources are listed once, at the end, rather than under each topic. */}
      <section className="d-none d-print-block">
        <h2>{t('county.sources')}</h2>
        <TopicSources figures={figures.filter((f) => f.latest)} />
      </section>
    </article>
  );
}

function TopicSection({ topic, figures, county }: { topic: HeadlineTopic; figures: CountyFigure[]; county: string }) {
  const { t } = useTranslation();
  if (!figures.length) return null;
  const headingId = `topic-${topic}`;
  const shown = figures.filter((f) => f.latest);
  // Prices exist only where a monitored market is; other figures without a value are worth saying so one by one.
  const listed = topic === 'prices' ? shown : figures;
  return (
    <section className="county-topic mb-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="h4 mb-3">
        {t(`county.topic.${topic}`)}
      </h2>
      {shown.length === 0 ? (
        <p>{t(topic === 'prices' ? 'county.pricesEmpty' : 'county.topicEmpty', { name: county })}</p>
      ) : (
        <>
          <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled">
            {listed.map((figure) => (
              <li key={figure.variable} className="col">
                <CountyFigureCard figure={figure} county={county} />
              </li>
            ))}
          </ul>
          <div className="d-print-none">
            <h3 className="visually-hidden">{t('county.sources')}</h3>
            <TopicSources figures={shown} />
          </div>
        </>
      )}
    </section>
  );
}
