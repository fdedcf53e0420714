import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from '../routing';
import { type CitationInput, datasetPageUrl } from '@portal/contract/citation';
import { datasetJsonLd, describeDataset, type DatasetFacts } from '@portal/contract/dataset-jsonld';
import type { DatasetDetail } from '@portal/contract/datasets';
import { API, PAGES } from '@portal/contract/paths';
import { useSite } from '../api/catalog';
import { ApiError } from '../api/client';
import { useDataset } from '../api/datasets';
import { JsonLd } from '../components/json-ld';
import { PageLayout } from '../components/page-layout';
import { usePublicUrl } from '../components/public-url';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { useSession } from '../features/account/use-session';
import { DatasetCitation } from '../components/dataset-citation';
import { CoverageSection } from '../features/datasets/coverage-section';
import { useFormats } from '../features/datasets/format';
import { today } from '../components/dates';
import { Licence } from '../components/licence';
import { VersionsList } from '../features/datasets/versions-list';
import NotFound from './not-found';
import { datasetQuery } from '../api/datasets';
import { isMissingOrMalformed, routeData } from '../route-data';
import { FollowToggle } from '../features/follows/follow-toggle';

const pageData = routeData(({ params }) => [datasetQuery(params.id ?? '')], { isMissing: isMissingOrMalformed });
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** `/datasets/{id}`: one dataset's provenance, coverage, versions, uses, downloads and citation. */
export default function DatasetPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const site = useSite().data;
  const query = useDataset(id);
  const dataset = query.data;
  const publicUrl = usePublicUrl();
  const portal = site && { name: site.name, origin: publicUrl };
  const facts = dataset && portal && factsOf(dataset, portal);
  const head = (
    <PageHead
      title={dataset && site && t('meta.datasetTitle', { title: dataset.title, siteName: site.name })}
      description={facts && describeDataset(facts)}
      feed={
        dataset && { path: API.datasetFeed(dataset.id), title: t('feed.title.dataset', { dataset: dataset.title }) }
      }
    />
  );

  // An id that is not one (400) or that no dataset has (404) is a bad link, like any unknown page.
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
    return <NotFound />;
  return (
    <PageLayout>
      {head}
      <JsonLd data={facts && datasetJsonLd(facts)} />
      <nav aria-label={t('dataset.breadcrumb')} className="small mb-2">
        <Link to={PAGES.datasets}>{t('datasets.title')}</Link>
      </nav>
      {query.error ? (
        <LoadError error={query.error} />
      ) : !dataset || !portal ? (
        <Loading />
      ) : (
        <DatasetView dataset={dataset} />
      )}
    </PageLayout>
  );
}

/** What the schema.org description needs, from the dataset's answer and the portal's address. */
function factsOf(dataset: DatasetDetail, portal: CitationInput['portal']): DatasetFacts {
  return {
    ...dataset,
    modified: dataset.loadedAt,
    first: dataset.coverage.first,
    last: dataset.coverage.last,
    variables: dataset.coverage.variables.map(({ name, unit }) => ({ name, unit })),
    pageUrl: datasetPageUrl({ dataset, portal }),
    csvUrl: portal.origin + API.datasetObservationsCsv(dataset.id),
  };
}

function DatasetView({ dataset }: { dataset: DatasetDetail }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <>
      <h1 className="h2 mb-3">{dataset.title}</h1>
      <FollowToggle kind="dataset" target={dataset.id} />
      <Section id="facts" title={t('dataset.facts')}>
        <dl className="dataset-facts">
          <dt>{t('dataset.publisher')}</dt>
          <dd>{dataset.publisher}</dd>
          <dt>{t('dataset.licence')}</dt>
          <dd>
            <Licence licence={dataset.licence} toVerify={dataset.licenceToVerify} />
          </dd>
          <dt>{t('dataset.retrieved')}</dt>
          <dd>
            <Trans
              i18nKey="dataset.retrievedOn"
              values={{ date: dataset.retrieved }}
              components={{
                sourceLink: (
                  <Anchor
                    href={dataset.sourceUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    newTab={t('source.newTab')}
                  />
                ),
              }}
            />
          </dd>
          <dt>{t('dataset.processing')}</dt>
          <dd>{dataset.notes ?? t('dataset.asPublished')}</dd>
          <dt>{t('dataset.publisherCitation')}</dt>
          <dd>{dataset.citation}</dd>
          <dt>{t('dataset.version')}</dt>
          <dd>
            {t('dataset.versionLoaded', { version: dataset.version, date: format.dateTime(dataset.loadedAt) })}
            <br />
            <span className="small text-body-secondary">
              <Trans
                i18nKey="dataset.checksum"
                values={{ checksum: dataset.checksum }}
                components={{ code: <code className="dataset-checksum" /> }}
              />
            </span>
          </dd>
        </dl>
      </Section>
      <Section id="coverage" title={t('dataset.coverage')}>
        <CoverageSection coverage={dataset.coverage} />
      </Section>
      <Section id="versions" title={t('dataset.versions')}>
        <p className="small">{t('dataset.versions.intro')}</p>
        <VersionsList versions={dataset.versions} />
      </Section>
      <Section id="sources" title={t('dataset.sources')}>
        {dataset.sources.length ? (
          <>
            <p className="mb-1">{t('dataset.sources.intro')}</p>
            <ul className="dataset-sources">
              {dataset.sources.map((source) => (
                <li key={source.page}>
                  <Link to={source.page}>
                    {t('dataset.sources.link', { sector: source.sectorTitle, source: source.sourceTitle })}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('dataset.sources.none')}</p>
        )}
      </Section>
      <Section id="downloads" title={t('dataset.downloads')}>
        <Downloads dataset={dataset} />
      </Section>
      <Section id="cite" title={t('dataset.cite')}>
        <p>{t('dataset.cite.intro', { date: today() })}</p>
        <DatasetCitation dataset={dataset} />
      </Section>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="dataset-section mb-4" aria-labelledby={`dataset-${id}`}>
      <h2 id={`dataset-${id}`} className="h4">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The values as CSV (for a logged-in visitor; the server checks again) and as the open API's JSON pages. */
function Downloads({ dataset }: { dataset: DatasetDetail }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { email } = useSession();
  return (
    <ul className="dataset-downloads">
      <li>
        {email ? (
          <a href={API.datasetObservationsCsv(dataset.id)} download>
            {t('dataset.downloads.csv')}
          </a>
        ) : (
          <span className="fw-semibold">{t('dataset.downloads.csv')}</span>
        )}
        <span className="small">
          {' '}
          {t('dataset.downloads.csvHint', { valueCount: format.count(dataset.coverage.valueCount) })}
        </span>
        {!email && (
          <p className="small mb-0 dataset-login-needed">
            <Trans
              i18nKey="dataset.downloads.login"
              components={{ loginLink: <Link to={PAGES.login} />, signupLink: <Link to={PAGES.signup} /> }}
            />
          </p>
        )}
      </li>
      <li>
        <a href={API.datasetObservations(dataset.id)}>{t('dataset.downloads.json')}</a>
        <span className="small">
          {' '}
          <Trans i18nKey="dataset.downloads.jsonHint" components={{ docsLink: <Anchor href={API.docs} /> }} />
        </span>
      </li>
    </ul>
  );
}

/** A link whose text a catalogue text fills in (Trans); `newTab` is said to screen readers only. */
function Anchor({ children, newTab, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { newTab?: string }) {
  return (
    <a {...props}>
      {children}
      {newTab && <span className="visually-hidden"> {newTab}</span>}
    </a>
  );
}
