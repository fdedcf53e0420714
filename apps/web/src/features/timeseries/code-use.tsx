import { useTranslation } from 'react-i18next';
import { API } from '@portal/contract/paths';
import { PAGE_SIZE_MAX } from '@portal/contract/timeseries';
import { CopyButton } from '../../components/copy-button';
import { usePublicUrl } from '../../components/public-url';
import { type CodeQuery, observationsUrl, pythonSnippet, rSnippet } from './code-snippets';
import { checkQuery, type QueryState } from './query-state';

/**
 * 'Use this data in code': the open API URL of the page's query and Python and R that fetch every
 * page of it, each to copy. It follows the choice as made, before any preview; an incomplete
 * choice gets a hint instead.
 */
export function CodeUse({ sector, source, state }: { sector: string; source: string; state: QueryState }) {
  const { t } = useTranslation();
  const checked = checkQuery(state, `${sector}/${source}`);
  // The checked query names its source as 'sector/slug'; the snippets take the slug alone.
  const query: CodeQuery | null = 'query' in checked ? { ...checked.query, sector, source } : null;
  const origin = usePublicUrl();

  return (
    <details className="code-use mt-3">
      <summary className="fw-semibold">{t('timeseries.code.title')}</summary>
      {query ? (
        <div className="mt-2 small">
          <p className="mb-1">{t('timeseries.code.url', { pageSize: PAGE_SIZE_MAX })}</p>
          <Snippet code={observationsUrl(origin, query)} label={t('timeseries.code.copyUrl')} className="code-url" />
          <p className="mb-1 mt-3">{t('timeseries.code.python')}</p>
          <Snippet code={pythonSnippet(origin, query)} label={t('timeseries.code.copyPython')} />
          <p className="mb-1 mt-3">{t('timeseries.code.r')}</p>
          <Snippet code={rSnippet(origin, query)} label={t('timeseries.code.copyR')} />
          <p className="mt-3 mb-0">
            <a href={API.docs}>{t('timeseries.code.docs')}</a>
          </p>
        </div>
      ) : (
        <p className="mt-2 mb-0 small text-body-secondary">{t('timeseries.code.incomplete')}</p>
      )}
    </details>
  );
}

function Snippet({ code, label, className = '' }: { code: string; label: string; className?: string }) {
  return (
    <>
      <pre className={`code-block mb-1 ${className}`}>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={label} />
    </>
  );
}
