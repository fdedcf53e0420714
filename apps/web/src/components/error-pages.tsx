import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useRouteError } from 'react-router';
import { ApiError } from '../api/client';
import { PageLayout } from './page-layout';
import { usePageTitle } from './page-title';
import { ErrorReference } from './error-reference';
import { isChunkLoadError } from './route-errors';

const TEXTS = {
  chunkTitle: 'A new version of the portal is available',
  chunkBody: 'This page could not be loaded: the portal has probably been updated since you opened it. Reload to get the new version.',
  errorTitle: 'Something went wrong',
  errorBody: 'This page could not be shown. Reload to try again; if it happens again, please tell us the reference below.',
  reload: 'Reload',
  home: 'Back to homepage',
} as const;

/** What a page shows when it fails (its code could not be loaded, or it broke while drawing), inside the top bar and footer. */
export function PageError() {
  return (
    <PageLayout>
      <ErrorNotice error={useRouteError()} home={<Link to="/">{TEXTS.home}</Link>} />
    </PageLayout>
  );
}

/**
 * The last resort, when the top bar or the footer fail too: no chrome, and a link home that loads
 * the portal afresh.
 */
export function RootError() {
  return (
    <main id="main" className="container py-5" tabIndex={-1}>
      <ErrorNotice error={useRouteError()} home={<a href="/">{TEXTS.home}</a>} />
    </main>
  );
}

function ErrorNotice({ error, home }: { error: unknown; home: React.ReactNode }) {
  const chunk = isChunkLoadError(error);
  const title = chunk ? TEXTS.chunkTitle : TEXTS.errorTitle;
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the visitor: say so to screen readers and start the keyboard from here.
  useEffect(() => heading.current?.focus(), []);
  // Forget the answer that failed, so its page asks for it afresh when opened again instead of
  // throwing the same error at once.
  const queryClient = useQueryClient();
  useEffect(() => queryClient.removeQueries({ predicate: (query) => query.state.error === error }), [queryClient, error]);
  return (
    <div className="error-page text-center py-4">
      <h1 className="h2" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {chunk ? (
        <p>{TEXTS.chunkBody}</p>
      ) : (
        <>
          <p>{error instanceof ApiError ? error.message : TEXTS.errorBody}</p>
          <ErrorReference error={error} />
        </>
      )}
      <div className="d-flex flex-wrap gap-3 justify-content-center align-items-center mt-3">
        <Button onClick={() => window.location.reload()}>{TEXTS.reload}</Button>
        {home}
      </div>
    </div>
  );
}
