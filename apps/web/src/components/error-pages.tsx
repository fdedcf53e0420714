import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { Link } from '../routing';
import { PageLayout } from './page-layout';
import { PageHead } from './page-title';
import { ErrorReference } from './error-reference';
import { isChunkLoadError } from './route-errors';

/** What a page shows when it fails (its code could not be loaded, its data broke its contract, or it broke while rendering), inside the top bar and footer. */
export function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <ErrorNotice error={error} home={<Link to="/">{t('errorPage.home')}</Link>} />
    </PageLayout>
  );
}

function ErrorNotice({ error, home }: { error: unknown; home: React.ReactNode }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const title = chunk ? t('errorPage.chunkTitle') : t('errorPage.title');
  const head = <PageHead title={title} />;
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the visitor: say so to screen readers and start the keyboard from here.
  useEffect(() => heading.current?.focus(), []);
  // Forget the answer that failed, so its page asks for it afresh when opened again instead of
  // throwing the same error at once.
  const queryClient = useQueryClient();
  useEffect(
    () => queryClient.removeQueries({ predicate: (query) => query.state.error === error }),
    [queryClient, error],
  );
  return (
    <div className="error-page text-center py-4">
      {head}
      <h1 className="h2" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {chunk ? (
        <p>{t('errorPage.chunkText')}</p>
      ) : (
        <>
          <p>{error instanceof ApiError ? error.message : t('errorPage.text')}</p>
          <ErrorReference error={error} />
        </>
      )}
      <div className="d-flex flex-wrap gap-3 justify-content-center align-items-center mt-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </button>
        {home}
      </div>
    </div>
  );
}
