import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Top bar, the page's main content and the footer. */
export function PageLayout({ children, withLogo = false }: { children: ReactNode; withLogo?: boolean }) {
  const { t } = useTranslation();
  return (
    <div>
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t('layout.skipToMain')}
      </a>
      <TopBar withLogo={withLogo} />
      {/* At least a screen high, so the footer starts below the fold: a page's data arriving after
          the first paint then pushes nothing in sight down. */}
      <main id="main" className="min-vh-100 py-4" tabIndex={-1}>
        <div className="container-lg">{children}</div>
      </main>
      <Footer />
    </div>
  );
}
