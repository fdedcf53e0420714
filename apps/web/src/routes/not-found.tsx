import { Link } from 'react-router';
import illustration from '../assets/not-found.svg';
import { PageLayout } from '../components/page-layout';
import { usePageTitle } from '../components/page-title';

export default function NotFound() {
  usePageTitle('Page not found');
  return (
    <PageLayout>
      <div className="text-center py-4 not-found">
        <img src={illustration} alt="" width={320} height={220} className="img-fluid mb-4" />
        <h1 className="h2">Page not found</h1>
        <p>Oops! Looks like you followed a bad link. If you think this is a problem with us, please tell us.</p>
        <Link to="/" className="btn btn-primary">
          Back to homepage
        </Link>
      </div>
    </PageLayout>
  );
}
