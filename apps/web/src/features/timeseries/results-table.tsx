import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { TimeseriesRow } from '@portal/contract/timeseries';
import { nameWithUnit } from '@portal/contract/variable-names';
import { numberFormat, useLanguage } from '../../i18n';

const EMPTY_ROWS = 5;

/** The preview table: rows of '---' until a preview arrives, then the rows with each variable's unit. */
export function ResultsTable({
  rows,
  units,
  total,
}: {
  rows: TimeseriesRow[];
  units: Record<string, string>;
  total: number;
}) {
  const language = useLanguage();
  const { t } = useTranslation();
  const empty = rows.length === 0;
  // The plural form follows the total; the numbers are shown formatted.
  const number = numberFormat(language, { maximumFractionDigits: 4 });
  const counts = { count: total, shown: number.format(rows.length), total: number.format(total) };
  return (
    <div className="results-panel">
      {!empty && (
        <p className="small mb-2" aria-live="polite">
          {total > rows.length ? t('timeseries.results.partial', counts) : t('timeseries.results.all', counts)}{' '}
          {t('timeseries.results.exportHint')}
        </p>
      )}
      <div
        className="results-table table-responsive"
        tabIndex={0}
        role="region"
        aria-label={t('timeseries.results.label')}
      >
        <Table striped bordered size="sm" className="mb-0">
          <thead>
            <tr>
              <th scope="col">{t('timeseries.results.timestamp')}</th>
              <th scope="col">{t('timeseries.results.variable')}</th>
              <th scope="col">{t('timeseries.results.value')}</th>
              <th scope="col">{t('timeseries.results.location')}</th>
            </tr>
          </thead>
          <tbody>
            {empty
              ? Array.from({ length: EMPTY_ROWS }, (_, row) => (
                  <tr key={row}>
                    <td>---</td>
                    <td>---</td>
                    <td>---</td>
                    <td>---</td>
                  </tr>
                ))
              : rows.map(([timestamp, variable, value, location], i) => (
                  <tr key={i}>
                    <td>{timestamp}</td>
                    <td>{units[variable] ? nameWithUnit(variable, units[variable]) : variable}</td>
                    <td className="text-end">{number.format(value)}</td>
                    <td>{location}</td>
                  </tr>
                ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
