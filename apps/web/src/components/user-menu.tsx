import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import { PAGES } from '@portal/contract/paths';
import { useLogout, useSession } from '../features/account/use-session';
import { MenuButton } from './menu-button';

/**
 * The logged-in user's menu: the top bar shows it under the e-mail, the side menu (small screens)
 * under 'Hi, {email}'. Logout keeps the visitor on the page.
 */
export function UserMenu({ place }: { place: 'top-bar' | 'side-menu' }) {
  const { t } = useTranslation();
  const { email, username } = useSession();
  const logout = useLogout();
  return (
    <MenuButton
      id={place === 'top-bar' ? 'user-menu' : 'side-user-menu'}
      place={place}
      label={place === 'top-bar' ? email : t('userMenu.greeting', { email: email ?? '' })}
    >
      {username && (
        <span className="dropdown-item-text small text-body-secondary">{t('userMenu.signedInAs', { username })}</span>
      )}
      <Link className="dropdown-item" to={PAGES.account}>
        {t('userMenu.account')}
      </Link>
      <button className="dropdown-item" type="button" onClick={logout}>
        {t('userMenu.logout')}
      </button>
    </MenuButton>
  );
}
