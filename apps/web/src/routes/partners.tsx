import { usePartners, useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { usePageTitle } from '../components/page-title';
import { LoadError, Loading } from '../components/status';

export default function Partners() {
  const site = useSite().data;
  const partners = usePartners();
  usePageTitle(site && `Partners | ${site.name}`);
  return (
    <PageLayout withLogo>
      <h1 className="h2">Partners</h1>
      <p>Click on the logo to know more about our partners</p>
      {partners.isPending && <Loading />}
      {partners.error && <LoadError error={partners.error} />}
      <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-lg-4 g-4 partner-list">
        {partners.data?.map((partner) => (
          <li className="col" key={partner.name}>
            <a href={partner.url} target="_blank" rel="noopener noreferrer" className="partner-logo d-block p-3">
              <img src={partner.logo} alt={`${partner.name} (opens in a new tab)`} width={240} height={96} className="img-fluid" />
            </a>
          </li>
        ))}
      </ul>
    </PageLayout>
  );
}
