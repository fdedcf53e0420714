import { useTranslation } from 'react-i18next';
import { NavLink } from '../../routing';
import type { SourceLinks } from './source-links';

/**
 * The heading of a source page with links to its timeseries, raster and external versions, and how
 * recent its timeseries are when it has any.
 */
export function SourceHeader({
  title,
  links,
  dataUntil,
}: {
  title: string;
  links?: SourceLinks;
  dataUntil?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <header className="mb-4">
      {links && (
        <nav aria-label={t('source.versions')} className="mb-2 d-print-none">
          <ul className="nav nav-pills small version-links">
            <li className="nav-item">
              <NavLink className="nav-link" to={links.timeseries}>
                {t('source.version.timeseries')}
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink className="nav-link" to={links.raster}>
                {t('source.version.raster')}
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink className="nav-link" to={links.external}>
                {t('source.version.external')}
              </NavLink>
            </li>
          </ul>
        </nav>
      )}
      <h1 className="h2">{title}</h1>
      {dataUntil && (
        <p className="data-until small text-body-secondary mb-0">{t('source.dataUntil', { date: dataUntil })}</p>
      )}
    </header>
  );
}
