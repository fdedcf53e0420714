import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from '../routing';
import { PAGES } from '@portal/contract/paths';
import { useSectors, useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { DismissibleAlert, LoadError, Loading } from '../components/status';
import { sectorsQuery } from '../api/catalog';
import { routeData } from '../route-data';

/** Navigation state another page may hand over to show a message here. */
export interface SectorsPageState {
  info?: string;
}

const pageData = routeData(() => [sectorsQuery()]);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

export default function Sectors() {
  const { t } = useTranslation();
  const site = useSite().data;
  const sectors = useSectors();
  const info = (useLocation().state as SectorsPageState | null)?.info;
  // The message dismissed last: another navigation's message shows again.
  const [dismissed, setDismissed] = useState<string>();
  const head = <PageHead title={site?.name} description={t('meta.sectors')} />;
  return (
    <PageLayout>
      {head}
      {info && info !== dismissed && (
        <DismissibleAlert variant="info" onClose={() => setDismissed(info)}>
          {info}
        </DismissibleAlert>
      )}
      <h1 className="h2 mb-2">{t('sectors.title')}</h1>
      <p className="mb-4">
        <Trans
          i18nKey="sectors.intro"
          components={{ filtersLink: <Link to="/filters" />, datasetsLink: <Link to={PAGES.datasets} /> }}
        />
      </p>
      {sectors.isPending && <Loading />}
      {sectors.error && <LoadError error={sectors.error} />}
      <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-4">
        {sectors.data?.map((sector) => (
          <div className="col" key={sector.slug}>
            {/* Bootstrap's card as its classes: react-bootstrap's Card would add 4.7 kB to the page's script for no behaviour. */}
            <div className="card h-100 sector-card">
              <div className="card-body d-flex flex-column">
                <h2 className="h4 card-title">{sector.title}</h2>
                <p className="card-text flex-grow-1">{sector.description}</p>
                <Link className="btn btn-outline-primary align-self-start" to={sector.link}>
                  {t('sectors.explore', { sector: sector.title })}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
    </PageLayout>
  );
}
