import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { DatasetVersion } from '@portal/contract/datasets';
import { useFormats } from './format';

/** Every load of the dataset, newest first, with what each changed against the one before. */
export function VersionsList({ versions }: { versions: DatasetVersion[] }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <ol className="list-unstyled dataset-versions" reversed>
      {versions.map((entry, i) => (
        <li key={entry.number} className="mb-2">
          <span>
            {t('dataset.versions.entry', {
              count: entry.valueCount,
              number: entry.number,
              version: entry.version,
              date: format.dateTime(entry.loadedAt),
              valueCount: format.count(entry.valueCount),
            })}
          </span>
          {i === 0 && (
            <>
              {' '}
              <Badge bg="success">{t('dataset.versions.current')}</Badge>
            </>
          )}
          <br />
          <span className="small text-body-secondary">
            {!entry.changes
              ? t('dataset.versions.first')
              : entry.changes.first && entry.changes.last
                ? t('dataset.versions.changes', {
                    count: entry.changes.changed,
                    changed: format.count(entry.changes.changed),
                    added: format.count(entry.changes.added),
                    removed: format.count(entry.changes.removed),
                    first: entry.changes.first,
                    last: entry.changes.last,
                  })
                : t('dataset.versions.unchanged')}
          </span>
        </li>
      ))}
    </ol>
  );
}
