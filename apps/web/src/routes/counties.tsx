import { useLanguage } from '../i18n';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useLatestSearchParams } from '../routing';
import type { CountyList } from '@portal/contract/counties';
import { HEADLINE_TOPICS } from '@portal/contract/county-rules';
import { countyPath, PAGES } from '@portal/contract/paths';
import { useSite } from '../api/catalog';
import { useCountyList, useCountyMapShapes } from '../api/counties';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { CountyMap } from '../features/counties/county-map';
import {
  countyListParams,
  type CountyListState,
  readCountyListState,
  shownCounties,
} from '../features/counties/list-state';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import { countyListQuery, countyMapShapesQuery } from '../api/counties';
import { routeData } from '../route-data';
import { nameWithUnit } from '@portal/contract/variable-names';

const pageData = routeData(() => [countyListQuery(), countyMapShapesQuery()]);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** `/counties?q=&sort=`: the 47 counties on a map and in a list, filtered and sorted in the address. */
export default function CountiesPage() {
  const { t } = useTranslation();
  const site = useSite().data;
  const list = useCountyList();
  const [params, setParams] = useLatestSearchParams();
  const state = readCountyListState(params);
  const head = (
    <PageHead title={site && t('meta.countiesTitle', { siteName: site.name })} description={t('meta.counties')} />
  );
  // Typing replaces the history entry: Back leaves the list rather than undoing letters.
  const update = (change: Partial<CountyListState>) =>
    setParams((latest) => countyListParams({ ...readCountyListState(latest), ...change }), { replace: true });

  return (
    <PageLayout>
      {head}
      <h1 className="h2 mb-2">{t('counties.title')}</h1>
      <p className="mb-3">{t('counties.intro')}</p>
      <p className="d-flex flex-wrap gap-3 mb-4">
        <Link to={PAGES.countyMap}>{t('counties.mapAny')}</Link>
        <Link to={PAGES.compareCounties}>{t('counties.compare')}</Link>
      </p>
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <LoadError error={list.error} />
      ) : list.data.counties.length === 0 ? (
        <p>{t('counties.none')}</p>
      ) : (
        <div className="row g-4">
          <div className="col-lg-5">
            <CountiesMap />
          </div>
          <div className="col-lg-7">
            <CountyTable list={list.data} state={state} update={update} />
          </div>
        </div>
      )}
    </PageLayout>
  );
}

/** The counties on a map; hovering names one, clicking opens its profile (the list holds the same links). */
function CountiesMap() {
  const { t } = useTranslation();
  const drawing = useCountyMapShapes().data;
  const navigate = useNavigate();
  const [hovered, setHovered] = useState<string | null>(null);
  if (!drawing) return null;
  const name = drawing.shapes.find((shape) => shape.slug === hovered)?.name;
  return (
    <figure className="mb-0">
      <CountyMap
        drawing={drawing}
        label={t('counties.mapLabel')}
        selected={hovered ?? undefined}
        title={(county) => county.name}
        onHover={setHovered}
        onSelect={(slug) => navigate(countyPath(slug))}
      />
      <figcaption className="small text-body-secondary county-map-caption" aria-hidden="true">
        {name ?? '\u00a0'}
      </figcaption>
    </figure>
  );
}

function CountyTable({
  list,
  state,
  update,
}: {
  list: CountyList;
  state: CountyListState;
  update: (change: Partial<CountyListState>) => void;
}) {
  const language = useLanguage();
  const { t } = useTranslation();
  const id = useId();
  const { rows, headline } = shownCounties(list, state);
  const sortedBy = list.headlines[headline];
  return (
    <>
      <div className="row g-3 mb-3 align-items-end">
        <div className="col-sm-5">
          <Form.Label htmlFor={`${id}-q`}>{t('counties.filter')}</Form.Label>
          <Form.Control
            id={`${id}-q`}
            type="search"
            value={state.q}
            onChange={(event) => update({ q: event.target.value })}
          />
        </div>
        <div className="col-sm-7">
          <Form.Label htmlFor={`${id}-sort`}>{t('counties.sort')}</Form.Label>
          <Form.Select
            id={`${id}-sort`}
            value={sortedBy ? state.sort : state.sort === 'code' ? 'code' : 'name'}
            onChange={(event) => update({ sort: event.target.value })}
          >
            <option value="name">{t('counties.sort.name')}</option>
            <option value="code">{t('counties.sort.code')}</option>
            {HEADLINE_TOPICS.map((topic) => (
              <optgroup key={topic} label={t(`county.topic.${topic}`)}>
                {list.headlines
                  .filter((h) => h.topic === topic)
                  .map((h) => (
                    <option key={h.variable} value={h.variable}>
                      {h.variable}
                    </option>
                  ))}
              </optgroup>
            ))}
          </Form.Select>
        </div>
      </div>
      <p className="small mb-2" aria-live="polite">
        {rows.length ? t('counties.shown', { count: rows.length }) : t('counties.noMatch', { q: state.q })}
        {sortedBy &&
          rows.length > 0 &&
          ` · ${t('counties.sortedBy', { variable: nameWithUnit(sortedBy.variable, sortedBy.unit), period: sortedBy.date ? formatPeriod(sortedBy.date, sortedBy.period, language) : '' })}`}
      </p>
      {rows.length > 0 && (
        <div className="table-responsive">
          <Table striped size="sm" className="align-middle">
            <caption className="visually-hidden">{t('counties.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" aria-sort={state.sort === 'name' ? 'ascending' : undefined}>
                  {t('counties.column.county')}
                </th>
                <th scope="col" className="text-end" aria-sort={state.sort === 'code' ? 'ascending' : undefined}>
                  {t('counties.column.code')}
                </th>
                {sortedBy && (
                  <th scope="col" className="text-end" aria-sort="descending">
                    {nameWithUnit(sortedBy.variable, sortedBy.unit)}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((county) => {
                const value = county.values[headline];
                return (
                  <tr key={county.slug}>
                    <td>
                      <Link to={countyPath(county.slug)}>{county.name}</Link>
                    </td>
                    <td className="text-end">{county.code}</td>
                    {sortedBy && (
                      <td className="text-end">
                        {value ? formatFigure(value.value, language) : t('counties.noValue')}
                        {value && value.date !== sortedBy.date && (
                          <span className="d-block small text-body-secondary">
                            {formatPeriod(value.date, sortedBy.period, language)}
                          </span>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
