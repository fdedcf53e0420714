import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import illustration from '../assets/not-found.svg';
import { PageLayout } from '../components/page-layout';
import { usePageTitle } from '../components/page-title';

export default function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <PageLayout>
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
