import Table from 'react-bootstrap/Table';
import { useExportHistory } from '../../api/account';
import { LoadError, Loading } from '../../components/status';
import { formatDateTime } from './format';

export function ExportHistory() {
  const history = useExportHistory();
  if (history.isPending) return <Loading />;
  if (history.error) return <LoadError error={history.error} />;
  if (history.data.length === 0) return <p className="text-body-secondary">No exports yet.</p>;
  return (
    <Table size="sm" responsive className="export-history">
      <caption className="visually-hidden">Your exports, newest first</caption>
      <thead>
        <tr>
          <th scope="col">What</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {history.data.map((entry) => (
          <tr key={entry.at + entry.what}>
            <td>{entry.what}</td>
            <td>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
