import { Link } from 'react-router';
import { useSite } from '../api/catalog';
import { PageLayout } from '../components/page-layout';
import { usePageTitle } from '../components/page-title';

const TILES = [
  { to: '/filters/raster/overview', title: 'Show data on map', text: 'Map layers of every sector: boundaries, land cover, power, water and more.' },
  { to: '/filters/timeseries/overview', title: 'Timeseries Data', text: 'Tables and charts of observations by date, variable and location.' },
  { to: '/filters/external/overview', title: 'External Data', text: 'Links to the publishers and their own data portals.' },
] as const;

export default function Filters() {
  const site = useSite().data;
  usePageTitle(site && `Filter By Data Type | ${site.name}`);
  return (
    <PageLayout>
      <h1 className="h2 mb-4">Filter By Data Type</h1>
      <div className="row row-cols-1 row-cols-md-3 g-4">
        {TILES.map((tile) => (
          <div className="col" key={tile.to}>
            <Link to={tile.to} className="card h-100 text-decoration-none filter-tile">
              <div className="card-body">
                <h2 className="h4 card-title">{tile.title}</h2>
                <p className="card-text text-body">{tile.text}</p>
              </div>
            </Link>
          </div>
        ))}
      </div>
    </PageLayout>
  );
}
