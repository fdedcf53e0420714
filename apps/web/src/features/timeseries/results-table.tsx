import Table from 'react-bootstrap/Table';
import type { TimeseriesRow } from '@portal/contract/timeseries';

const EMPTY_ROWS = 5;
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 4 });

/** The preview table: rows of '---' until a preview arrives, then the rows with each variable's unit. */
export function ResultsTable({ rows, units, total }: { rows: TimeseriesRow[]; units: Record<string, string>; total: number }) {
  const empty = rows.length === 0;
  return (
    <div className="results-panel">
      {!empty && (
        <p className="small mb-2" aria-live="polite">
          {total > rows.length ? `Showing the first ${number.format(rows.length)} of ${number.format(total)} rows. ` : `${number.format(total)} rows. `}
          For full data, click on the export button.
        </p>
      )}
      <div className="results-table" tabIndex={0} role="region" aria-label="Preview of the selected timeseries">
        <Table striped bordered size="sm" className="mb-0">
          <thead>
            <tr>
              <th scope="col">Timestamp</th>
              <th scope="col">Variable</th>
              <th scope="col">Value</th>
              <th scope="col">Location</th>
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
                    <td>{units[variable] ? `${variable} (${units[variable]})` : variable}</td>
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
