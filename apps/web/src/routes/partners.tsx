import { useTranslation } from 'react-i18next';
import { usePartners, useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { partnersQuery } from '../api/catalog';
import { routeData } from '../route-data';

const pageData = routeData(() => [partnersQuery()]);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

export default function Partners() {
  const { t } = useTranslation();
  const site = useSite().data;
  const partners = usePartners();
  const head = (
    <PageHead
      title={site && `${t('partners.title')} | ${site.name}`}
      description={site && t('meta.partners', { siteName: site.name })}
    />
  );
  return (
    <PageLayout withLogo>
      {head}
      <h1 className="h2">{t('partners.title')}</h1>
      <p>{t('partners.intro')}</p>
      {partners.isPending && <Loading />}
      {partners.error && <LoadError error={partners.error} />}
      <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-lg-4 g-4 partner-list">
        {partners.data?.map((partner) => (
          <li className="col" key={partner.name}>
            <a href={partner.url} target="_blank" rel="noopener noreferrer" className="partner-logo d-block p-3">
              <img
                src={partner.logo}
                alt={t('partners.logo', { partner: partner.name })}
                width={240}
                height={96}
                className="img-fluid"
              />
            </a>
          </li>
        ))}
      </ul>
    </PageLayout>
  );
}
