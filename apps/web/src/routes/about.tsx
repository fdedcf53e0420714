import { useTranslation } from 'react-i18next';
import diagram from '../assets/about-diagram.svg';
import { useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';

export default function About() {
  const { t } = useTranslation();
  const site = useSite();
  const head = (
    <PageHead
      title={site.data && `${t('about.title')} | ${site.data.name}`}
      description={site.data && t('meta.about', { siteName: site.data.name })}
    />
  );
  return (
    <PageLayout withLogo>
      {head}
      {site.isPending && <Loading />}
      {site.error && <LoadError error={site.error} />}
      {site.data && (
        <div className="row g-4 align-items-center">
          <div className="col-lg-6">
            <h1 className="h2 mb-3">{site.data.about.heading}</h1>
            {site.data.about.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
          <div className="col-lg-6">
            <img src={diagram} className="img-fluid" width={640} height={400} alt={t('about.diagram')} />
          </div>
        </div>
      )}
    </PageLayout>
  );
}
