import { Trans, useTranslation } from 'react-i18next';
import { Link } from '../routing';
import { PAGES } from '@portal/contract/paths';
import euEmblem from '../assets/eu-emblem.svg';
import { useSite } from '../api/catalog';
import { PortalLinks } from './portal-links';

export function Footer() {
  const { t } = useTranslation();
  const site = useSite().data;
  return (
    <footer className="site-footer mt-auto py-4">
      <div className="container-lg d-flex flex-column flex-md-row gap-3 align-items-md-center">
        {/* Below the fold on every page: fetched when it nears the screen, after what the page shows first. */}
        <img src={euEmblem} alt={t('footer.emblem')} width={90} height={60} loading="lazy" />
        <div className="small">
          <p className="mb-1">{t('footer.funding', { grantNumber: site?.grantNumber ?? '101083763' })}</p>
          {site && (
            <>
              <p className="mb-1 fw-semibold">{site.name}</p>
              <p className="mb-1">
                {/* The link's text is the project's name from the site data; the catalogue places it. */}
                <Trans
                  i18nKey="footer.partnerProject"
                  components={{
                    partnerLink: (
                      <a href={site.partnerProject.url} target="_blank" rel="noopener noreferrer">
                        {site.partnerProject.label}
                      </a>
                    ),
                  }}
                />
              </p>
            </>
          )}
          <nav aria-label={t('footer.links')} className="d-flex flex-wrap column-gap-3 mb-1">
            <PortalLinks className="footer-link" />
          </nav>
          <p className="mb-0">{t('footer.rights')}</p>
          <p className="mb-0">
            <Trans i18nKey="footer.dataLicences" components={{ datasets: <Link to={PAGES.datasets} /> }} />
          </p>
        </div>
      </div>
    </footer>
  );
}
