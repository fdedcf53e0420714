import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../components/footer';
import { TopBar } from '../../components/top-bar';
import { SideMenu, type SideMenuProps } from './side-menu';

/** Layout of every source page: top bar, side menu beside the content, footer. */
export function SourceLayout({ menu, children }: { menu: SideMenuProps; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t('layout.skipToMain')}
      </a>
      <TopBar />
      {/* At least a screen high, as on the other pages (PageLayout): the panel and its data arriving
          after the first paint then push no footer in sight down. */}
      <div className="container-lg min-vh-100 py-4">
        <div className="row g-4">
          <aside className="col-lg-3 d-print-none" aria-label={t('source.navigation')}>
            <SideMenu {...menu} />
          </aside>
          <main id="main" className="col-lg-9" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
      <Footer />
    </div>
  );
}
