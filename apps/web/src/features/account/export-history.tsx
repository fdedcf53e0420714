import { useLanguage } from '../../i18n';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { useExportHistory } from '../../api/account';
import { LoadError, Loading } from '../../components/status';
import { formatDateTime } from './format';

export function ExportHistory() {
  const language = useLanguage();
  const { t } = useTranslation();
  const history = useExportHistory();
  if (history.isPending) return <Loading />;
  if (history.error) return <LoadError error={history.error} />;
  if (history.data.length === 0) return <p className="text-body-secondary">{t('exportHistory.none')}</p>;
  return (
    <Table size="sm" responsive className="export-history">
      <caption className="visually-hidden">{t('exportHistory.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('exportHistory.what')}</th>
          <th scope="col">{t('exportHistory.when')}</th>
        </tr>
      </thead>
      <tbody>
        {history.data.map((entry) => (
          <tr key={entry.at + entry.what}>
            <td>{entry.what}</td>
            <td>
              <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
