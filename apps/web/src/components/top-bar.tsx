import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from '../routing';
import logo from '../assets/logo.svg';
import { useSite } from '../api/catalog';
import { useSession } from '../features/account/use-session';
import { SearchBox } from '../features/search/search-box';
import { LanguageSwitch } from './language-switch';
import { PortalLinks } from './portal-links';
import { UserMenu } from './user-menu';

/**
 * The bar at the top of every page; the logo link to / shows only where `withLogo` is set. The
 * portal's own pages follow the spec's links, then Login or the logged-in user's e-mail with their
 * menu, and the language menu comes last; the search box sits before the links. Below Bootstrap's
 * `xl` width the links fold behind a toggle: narrower, the bar has no room for them beside the box.
 */
export function TopBar({ withLogo = false }: { withLogo?: boolean }) {
  const { t } = useTranslation();
  const site = useSite().data;
  const { email } = useSession();
  const [expanded, setExpanded] = useState(false);
  // Bootstrap's navbar classes, toggled here: the collapse needs no script beyond this state.
  return (
    <header className="top-bar border-bottom navbar navbar-expand-xl navbar-light">
      <div className="container-lg">
        {withLogo && (
          <Link to="/" className="navbar-brand d-flex align-items-center gap-2">
            <img src={logo} alt="" width={36} height={36} />
            <span>{site?.shortName ?? t('topBar.home')}</span>
          </Link>
        )}
        {/* Below `xl` the box takes a row of its own under the logo and the menu button. */}
        <div className="top-bar-search order-1 order-xl-0 mx-xl-3">
          <SearchBox />
        </div>
        <button
          type="button"
          className={`navbar-toggler ms-auto${expanded ? '' : ' collapsed'}`}
          aria-controls="top-bar-links"
          aria-label={t('topBar.toggle')}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="top-bar-links" className={`navbar-collapse collapse order-2 order-xl-0${expanded ? ' show' : ''}`}>
          <nav aria-label={t('topBar.nav')} className="navbar-nav ms-auto">
            <NavLink className="nav-link" to="/sectors">
              {t('topBar.sectors')}
            </NavLink>
            <NavLink className="nav-link" to="/about">
              {t('topBar.about')}
            </NavLink>
            <NavLink className="nav-link" to="/partners">
              {t('topBar.partners')}
            </NavLink>
            <PortalLinks className="nav-link" />
            {email ? (
              <UserMenu place="top-bar" />
            ) : (
              <NavLink className="nav-link" to="/login">
                {t('topBar.login')}
              </NavLink>
            )}
            <LanguageSwitch place="top-bar" />
          </nav>
        </div>
      </div>
    </header>
  );
}
