import { useLanguage } from '../../i18n';
import { useId, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { Choropleth } from '@portal/contract/choropleth';
import { formatPeriod } from '@portal/contract/figure-format';
import { formatMapValue } from './format';
import { nextSort, type SortColumn, sortCounties, type TableSort } from './map-state';
import { nameWithUnit } from '@portal/contract/variable-names';

/** The map's values as a table, for keyboard and screen-reader users and for reading off: sortable by county, value and rank. */
export function ChoroplethTable({ map, onSelect }: { map: Choropleth; onSelect: (slug: string) => void }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const headingId = useId();
  const [sort, setSort] = useState<TableSort>({ column: 'county', direction: 'ascending' });
  const period = formatPeriod(map.period, map.variable.period, language);
  const header = (column: SortColumn, label: string, numeric = false) => (
    <th
      scope="col"
      className={numeric ? 'text-end' : undefined}
      aria-sort={sort.column === column ? sort.direction : undefined}
    >
      <button type="button" className="choropleth-sort" onClick={() => setSort(nextSort(sort, column))}>
        {label}
      </button>
    </th>
  );
  return (
    <section className="choropleth-table mt-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        {t('choropleth.table.heading')}
      </h2>
      <div className="table-responsive">
        <Table striped size="sm" className="align-middle">
          <caption>
            {t('choropleth.table.caption', { variable: nameWithUnit(map.variable.name, map.variable.unit), period })}
          </caption>
          <thead>
            <tr>
              {header('county', t('choropleth.table.county'))}
              {header('value', t('choropleth.table.value', { unit: map.variable.unit }), true)}
              {header('rank', t('choropleth.table.rank'), true)}
            </tr>
          </thead>
          <tbody>
            {sortCounties(map.counties, sort).map((county) => (
              <tr key={county.slug} data-county={county.slug}>
                <td>
                  <button type="button" className="btn btn-link p-0 text-start" onClick={() => onSelect(county.slug)}>
                    {county.name}
                  </button>
                </td>
                <td className="text-end">
                  {county.value === null ? t('choropleth.table.noValue') : formatMapValue(county.value, language)}
                </td>
                <td className="text-end">{county.rank ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
