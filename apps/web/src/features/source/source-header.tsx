import { NavLink } from 'react-router';
import type { SourceLinks } from './source-links';

/** The heading of a source page with links to its timeseries, raster and external versions. */
export function SourceHeader({ title, links }: { title: string; links?: SourceLinks }) {
  return (
    <header className="mb-4">
      {links && (
        <nav aria-label="Data versions" className="mb-2">
          <ul className="nav nav-pills small version-links">
            <li className="nav-item"><NavLink className="nav-link" to={links.timeseries}>Timeseries</NavLink></li>
            <li className="nav-item"><NavLink className="nav-link" to={links.raster}>Raster</NavLink></li>
            <li className="nav-item"><NavLink className="nav-link" to={links.external}>External</NavLink></li>
          </ul>
        </nav>
      )}
      <h1 className="h2">{title}</h1>
    </header>
  );
}
