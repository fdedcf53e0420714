import type { ReactNode } from 'react';
import { useSite } from '../../api/catalog';
import { PageLayout } from '../../components/page-layout';
import { PageHead } from '../../components/page-title';

/** The frame of the account screens: the usual top bar and footer around one narrow column. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const site = useSite().data;
  const head = <PageHead title={site && `${title} | ${site.name}`} />;
  return (
    <PageLayout>
      {head}
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6 auth-column">
          <h1 className="h2 mb-4">{title}</h1>
          {children}
        </div>
      </div>
    </PageLayout>
  );
}
