import { Trans, useTranslation } from 'react-i18next';
import { Link } from '../routing';
import { PAGES } from '@portal/contract/paths';
import euEmblem from '../assets/eu-emblem.svg';
import { useSite } from '../api/catalog';

export function Footer() {
  const { t } = useTranslation();
  const site = useSite().data;
  return (
    <footer className="site-footer mt-auto py-4">
      <div className="container-lg d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <img src={euEmblem} alt={t('footer.emblem')} width={90} height={60} />
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
          <nav aria-label={t('footer.links')} className="mb-1">
            <Link to={PAGES.datasets}>{t('footer.datasets')}</Link>
            <Link to={PAGES.counties} className="ms-3">
              {t('footer.counties')}
            </Link>
          </nav>
          <p className="mb-0">{t('footer.rights')}</p>
        </div>
      </div>
    </footer>
  );
}
