import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { datasetPath } from '@portal/contract/paths';
import { useHighlights } from '../../api/highlights';

/** The datasets whose values span the most years, each linking to its page. */
export function LongestRecords() {
  const { t } = useTranslation();
  const records = useHighlights().data?.longestRecords;
  if (!records?.length) return null;
  return (
    <section className="longest-records mb-5" aria-labelledby="longest-records-heading">
      <h2 id="longest-records-heading" className="h4 mb-3">
        {t('home.longest.heading')}
      </h2>
      <ol className="list-unstyled">
        {records.map((record) => {
          const [first, last] = [record.first.slice(0, 4), record.last.slice(0, 4)];
          return (
            <li key={record.id} className="mb-2">
              <Link to={datasetPath(record.id)}>{record.title}</Link>
              <span className="d-block small text-body-secondary">
                {t('home.longest.span', {
                  first,
                  last,
                  count: Number(last) - Number(first) + 1,
                  publisher: record.publisher,
                })}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
