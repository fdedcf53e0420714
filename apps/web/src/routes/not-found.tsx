import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import illustration from '../assets/not-found.svg';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { data } from 'react-router';

/** Every address no other route matches answers 404 with this page. */
export const loader = () => data(null, { status: 404 });

export default function NotFound() {
  const { t } = useTranslation();
  const head = <PageHead title={t('notFound.title')} />;
  return (
    <PageLayout>
      {head}
      <div className="text-center py-4 not-found">
        <img src={illustration} alt="" width={320} height={220} className="img-fluid mb-4" />
        <h1 className="h2">{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <Link to="/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
      </div>
    </PageLayout>
  );
}
