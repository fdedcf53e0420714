import { useTranslation } from 'react-i18next';
import { PAGES } from '@portal/contract/paths';
import { NavLink } from '../routing';

/**
 * The portal's own pages beyond the spec's, listed after its items in the top bar, the phone menus
 * and the footer (DECISIONS, "Navigation beyond the spec"); the search is the top bar's box.
 */
const PORTAL_PAGES = [
  { to: PAGES.counties, label: 'topBar.counties' },
  { to: PAGES.countyMap, label: 'topBar.countyMap' },
  { to: PAGES.datasets, label: 'topBar.datasets' },
] as const;

/** One link for each of the portal's own pages, marked active on its page and the pages below it. */
export function PortalLinks({ className, item }: { className: string; item?: 'li' }) {
  const { t } = useTranslation();
  return PORTAL_PAGES.map(({ to, label }) => {
    const link = (
      <NavLink key={to} className={className} to={to}>
        {t(label)}
      </NavLink>
    );
    return item ? <li key={to}>{link}</li> : link;
  });
}
