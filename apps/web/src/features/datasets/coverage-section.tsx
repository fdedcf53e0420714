import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { DatasetDetail } from '@portal/contract/datasets';
import { CoverageChart } from './coverage-chart';
import { useFormats } from './format';

/** What the dataset covers: a summary, its values per year, and each variable with its unit, period and dates. */
export function CoverageSection({ coverage }: { coverage: DatasetDetail['coverage'] }) {
  const { t } = useTranslation();
  const format = useFormats();
  if (!coverage.valueCount || !coverage.first || !coverage.last) return <p>{t('dataset.coverageEmpty')}</p>;
  const places = coverage.places.kinds
    .map(({ kind, count }) => t(`dataset.placeKind.${kind}`, { count, number: format.count(count) }))
    .join(', ');
  return (
    <>
      <p className="dataset-coverage-summary">
        {t('dataset.coverageSummary', {
          count: coverage.valueCount,
          valueCount: format.count(coverage.valueCount),
          places,
          first: coverage.first,
          last: coverage.last,
          variableCount: format.count(coverage.variables.length),
        })}
      </p>
      <h3 className="h6">{t('dataset.chart.title')}</h3>
      <CoverageChart counts={coverage.valuesPerYear} />
      <h3 className="h6">{t('dataset.variables')}</h3>
      {/* Long lists scroll inside their box, so the sections after them stay near. */}
      <div
        className="table-responsive dataset-variables"
        tabIndex={0}
        role="region"
        aria-label={t('dataset.variables.label')}
      >
        <Table striped size="sm" className="mb-0">
          <thead>
            <tr>
              <th scope="col">{t('dataset.variables.name')}</th>
              <th scope="col">{t('dataset.variables.unit')}</th>
              <th scope="col">{t('dataset.variables.period')}</th>
              <th scope="col">{t('dataset.variables.first')}</th>
              <th scope="col">{t('dataset.variables.last')}</th>
              <th scope="col" className="text-end text-nowrap">
                {t('dataset.variables.values')}
              </th>
            </tr>
          </thead>
          <tbody>
            {coverage.variables.map((variable) => (
              <tr key={variable.name}>
                <td>{variable.name}</td>
                <td>{variable.unit}</td>
                <td>{t(`dataset.period.${variable.period}`)}</td>
                <td className="text-nowrap">{variable.first}</td>
                <td className="text-nowrap">{variable.last}</td>
                <td className="text-end">{format.count(variable.valueCount)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
