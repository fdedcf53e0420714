import { Link } from 'react-router';
import { useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { usePageTitle } from '../components/page-title';

export default function Home() {
  const site = useSite().data;
  usePageTitle(site?.name);
  return (
    <PageLayout>
      <section className="hero text-center py-5">
        <h1 className="display-5 fw-bold">Welcome to the {site?.name ?? 'Data Observatory'}</h1>
        <p className="lead mx-auto hero-lead">
          Open research data on climate, land, energy, water and the economy of Kenya and its 47 counties: timeseries to preview and export, map layers and
          links to the publishers.
        </p>
        <Link to="/sectors" className="btn btn-primary btn-lg">
          Start Exploring Data
        </Link>
      </section>
    </PageLayout>
  );
}
