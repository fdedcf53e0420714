import Dropdown from 'react-bootstrap/Dropdown';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGES } from '@portal/contract/paths';
import { useLogout, useSession } from '../features/account/use-session';

/**
 * The logged-in user's dropdown: the top bar shows it under the e-mail, the side menu (small
 * screens) under 'Hi, {email}'. Logout keeps the visitor on the page.
 */
export function UserMenu({ place }: { place: 'top-bar' | 'side-menu' }) {
  const { t } = useTranslation();
  const { email, username } = useSession();
  const logout = useLogout();
  const Menu = place === 'top-bar' ? NavDropdown : Dropdown;
  const items = (
    <>
      {username && <Menu.ItemText className="small text-body-secondary">{t('userMenu.signedInAs', { username })}</Menu.ItemText>}
      <Menu.Item as={Link} to={PAGES.account}>
        {t('userMenu.account')}
      </Menu.Item>
      <Menu.Item as="button" type="button" onClick={logout}>
        {t('userMenu.logout')}
      </Menu.Item>
    </>
  );
  if (place === 'top-bar') {
    return (
      <NavDropdown title={email} id="user-menu" align="end" className="user-menu">
        {items}
      </NavDropdown>
    );
  }
  return (
    <Dropdown className="side-user-menu">
      <Dropdown.Toggle variant="link" className="side-menu-link text-start" id="side-user-menu">
        {t('userMenu.greeting', { email: email ?? '' })}
      </Dropdown.Toggle>
      <Dropdown.Menu>{items}</Dropdown.Menu>
    </Dropdown>
  );
}
