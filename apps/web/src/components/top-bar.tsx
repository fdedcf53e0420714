import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import logo from '../assets/logo.svg';
import { useSite } from '../api/catalog';
import { useSession } from '../features/account/use-session';
import { SearchBox } from '../features/search/search-box';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

/**
 * The bar at the top of every page; the logo link to / shows only where `withLogo` is set. Login,
 * or the logged-in user's e-mail with their menu, follows the spec's links, and the language menu
 * comes last; the search box sits before the links.
 */
export function TopBar({ withLogo = false }: { withLogo?: boolean }) {
  const { t } = useTranslation();
  const site = useSite().data;
  const { email } = useSession();
  const [expanded, setExpanded] = useState(false);
  return (
    <Navbar expand="md" className="top-bar border-bottom" as="header" role="banner" expanded={expanded} onToggle={setExpanded}>
      <Container fluid="lg">
        {withLogo && (
          <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2">
            <img src={logo} alt="" width={36} height={36} />
            <span>{site?.shortName ?? t('topBar.home')}</span>
          </Navbar.Brand>
        )}
        {/* On a phone the box takes a row of its own under the logo and the menu button. */}
        <div className="top-bar-search order-1 order-md-0 mx-md-3">
          <SearchBox />
        </div>
        <Navbar.Toggle aria-controls="top-bar-links" aria-label={t('topBar.toggle')} aria-expanded={expanded} className="ms-auto" />
        <Navbar.Collapse id="top-bar-links" className="order-2 order-md-0">
          <Nav as="nav" aria-label={t('topBar.nav')} className="ms-auto">
            <Nav.Link as={NavLink} to="/sectors">
              {t('topBar.sectors')}
            </Nav.Link>
            <Nav.Link as={NavLink} to="/about">
              {t('topBar.about')}
            </Nav.Link>
            <Nav.Link as={NavLink} to="/partners">
              {t('topBar.partners')}
            </Nav.Link>
            {email ? (
              <UserMenu place="top-bar" />
            ) : (
              <Nav.Link as={NavLink} to="/login">
                {t('topBar.login')}
              </Nav.Link>
            )}
            <LanguageSwitch place="top-bar" />
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
