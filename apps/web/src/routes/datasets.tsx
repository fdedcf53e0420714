import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useLatestSearchParams } from '../routing';
import type { DatasetSummary } from '@portal/contract/datasets';
import { datasetPath } from '@portal/contract/paths';
import { useSite } from '../api/catalog';
import { useDatasets } from '../api/datasets';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { useFormats } from '../features/datasets/format';
import { Licence } from '../components/licence';
import {
  type DatasetSort,
  type ListState,
  listStateParams,
  readListState,
  shownDatasets,
  SORTS,
} from '../features/datasets/list-state';
import { datasetsQuery } from '../api/datasets';
import { routeData } from '../route-data';

/** The table column each order sorts on, for `aria-sort`. */
const SORTED_COLUMN: Record<DatasetSort, 'title' | 'period'> = { title: 'title', span: 'period', last: 'period' };

const pageData = routeData(() => [datasetsQuery()]);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** `/datasets?q=&sort=`: every loaded dataset, filtered and ordered in the address so a view can be shared. */
export default function DatasetsPage() {
  const { t } = useTranslation();
  const site = useSite().data;
  const datasets = useDatasets();
  const [params, setParams] = useLatestSearchParams();
  const state = readListState(params);
  const filterId = useId();
  const head = (
    <PageHead title={site && t('meta.datasetsTitle', { siteName: site.name })} description={t('meta.datasets')} />
  );
  // Typing replaces the history entry: Back leaves the list rather than undoing letters.
  const update = (change: Partial<ListState>) =>
    setParams((latest) => listStateParams({ ...readListState(latest), ...change }), { replace: true });

  return (
    <PageLayout>
      {head}
      <h1 className="h2 mb-2">{t('datasets.title')}</h1>
      <p className="mb-4">{t('datasets.intro')}</p>
      <div className="row g-3 mb-3 align-items-end">
        <div className="col-sm-7 col-lg-5">
          <Form.Label htmlFor={`${filterId}-q`}>{t('datasets.filter')}</Form.Label>
          <Form.Control
            id={`${filterId}-q`}
            type="search"
            value={state.q}
            onChange={(event) => update({ q: event.target.value })}
          />
        </div>
        <div className="col-sm-5 col-lg-3">
          <Form.Label htmlFor={`${filterId}-sort`}>{t('datasets.sort')}</Form.Label>
          <Form.Select
            id={`${filterId}-sort`}
            value={state.sort}
            onChange={(event) => update({ sort: event.target.value as DatasetSort })}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`datasets.sort.${sort}`)}
              </option>
            ))}
          </Form.Select>
        </div>
      </div>
      {datasets.isPending ? (
        <Loading />
      ) : datasets.error ? (
        <LoadError error={datasets.error} />
      ) : (
        <DatasetList datasets={datasets.data} state={state} />
      )}
    </PageLayout>
  );
}

function DatasetList({ datasets, state }: { datasets: DatasetSummary[]; state: ListState }) {
  const { t } = useTranslation();
  const format = useFormats();
  if (!datasets.length) return <p>{t('datasets.none')}</p>;
  const shown = shownDatasets(datasets, state);
  const sortOf = (column: 'title' | 'period') =>
    SORTED_COLUMN[state.sort] === column ? (state.sort === 'title' ? 'ascending' : 'descending') : undefined;
  return (
    <>
      <p className="small mb-2" aria-live="polite">
        {shown.length
          ? t('datasets.shown', {
              count: datasets.length,
              shown: format.count(shown.length),
              total: format.count(datasets.length),
            })
          : t('datasets.noMatch', { q: state.q })}
      </p>
      {shown.length > 0 && (
        <div className="table-responsive">
          <Table striped className="dataset-table align-middle">
            <caption className="visually-hidden">{t('datasets.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" aria-sort={sortOf('title')}>
                  {t('datasets.column.title')}
                </th>
                <th scope="col">{t('datasets.column.publisher')}</th>
                <th scope="col" aria-sort={sortOf('period')}>
                  {t('datasets.column.period')}
                </th>
                <th scope="col" className="text-end text-nowrap">
                  {t('datasets.column.values')}
                </th>
                <th scope="col">{t('datasets.column.licence')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((dataset) => (
                <tr key={dataset.id}>
                  <td className="dataset-table-title">
                    <Link to={datasetPath(dataset.id)}>{dataset.title}</Link>
                  </td>
                  <td>{dataset.publisher}</td>
                  <td className="text-nowrap">
                    {dataset.first && dataset.last
                      ? t('datasets.span', { first: dataset.first, last: dataset.last })
                      : t('datasets.noValues')}
                  </td>
                  <td className="text-end">{format.count(dataset.valueCount)}</td>
                  <td className="dataset-table-licence small">
                    <Licence licence={dataset.licence} toVerify={dataset.licenceToVerify} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
