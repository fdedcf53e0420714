import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../routing';
import { useSite } from '../api/catalog';
import { SEARCH_MIN_LENGTH, useSearch } from '../api/search';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { groupResults } from '../features/search/group-results';
import { ResultText, SearchBox } from '../features/search/search-box';
import { searchQuery } from '../api/search';
import { routeData } from '../route-data';

/** The most results the page lists: the server's own ceiling. */
const PAGE_LIMIT = 50;

const pageData = routeData(({ url }) => [searchQuery(url.searchParams.get('q') ?? '', PAGE_LIMIT)], {
  isMissing: () => false,
});
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** `/search?q=`: every result for a query, grouped by kind, as a link that can be shared. */
export default function SearchPage() {
  const { t } = useTranslation();
  const site = useSite().data;
  const q = (useSearchParams()[0].get('q') ?? '').trim();
  const search = useSearch(q, PAGE_LIMIT);
  const groups = groupResults(q.length >= SEARCH_MIN_LENGTH && search.data ? search.data.results : []);
  const head = (
    <PageHead
      title={site && `${q ? `${q} | ` : ''}${t('searchPage.title')} | ${site.name}`}
      description={t('meta.search')}
    />
  );
  return (
    <PageLayout>
      {head}
      <h1 className="h2 mb-3">{t('searchPage.heading')}</h1>
      <div className="mb-4">
        {/* Keyed by the query so a new search from the top bar refills the box. */}
        <SearchBox key={q} size="large" initialQuery={q} />
      </div>
      {q.length < SEARCH_MIN_LENGTH ? (
        <p>{t('searchPage.prompt')}</p>
      ) : search.isPending ? (
        <Loading label={t('searchBox.searching')} />
      ) : search.isError ? (
        <LoadError error={search.error} />
      ) : groups.length === 0 ? (
        <p>{t('searchBox.none', { q })}</p>
      ) : (
        <>
          <h2 className="h5 mb-3">{t('searchPage.results', { q })}</h2>
          {groups.map((group) => (
            <section key={group.kind} className="mb-4" aria-labelledby={`results-${group.kind}`}>
              <h3 id={`results-${group.kind}`} className="h6 text-uppercase text-secondary">
                {t(`searchBox.kind.${group.kind}`)}
              </h3>
              <ul className="list-unstyled search-page-results">
                {group.results.map(({ result, index }) => (
                  <li key={`${result.url}-${index}`}>
                    <ResultText result={result} link />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </PageLayout>
  );
}
