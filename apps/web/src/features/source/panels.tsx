import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { ExternalLink, LayerSummary } from '@portal/contract/catalog';

/** The raster card: the lead text and the layers on offer with their provenance. */
export function RasterPanel({ lead, layers }: { lead: string; layers: LayerSummary[] }) {
  return (
    <Card className="data-panel">
      <Card.Header as="h2" className="h5">Raster Data</Card.Header>
      <Card.Body>
        <p className="lead fs-6">{lead}</p>
        {layers.length === 0 ? (
          <p className="text-body-secondary mb-0">No data source yet</p>
        ) : (
          <dl className="layer-details mb-0">
            {layers.map((layer) => (
              <div key={layer.name} className="mb-3">
                <dt>{layer.menuLabel}</dt>
                <dd className="mb-0">
                  {layer.description}
                  <br />
                  <span className="small text-body-secondary">
                    {layer.publisher}. Licence: {layer.licence}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card.Body>
    </Card>
  );
}

/** Links to the publishers' own pages, opening in a new tab. */
export function ExternalPanel({ lead, links }: { lead: string; links: ExternalLink[] }) {
  return (
    <Card className="data-panel">
      <Card.Body>
        <p className="lead fs-6">{lead}</p>
        {links.length === 0 ? (
          <p className="mb-0">Data not available yet...</p>
        ) : (
          <Table responsive className="mb-0 external-links">
            <caption className="visually-hidden">External data links</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Link</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.url + link.category}>
                  <td>{link.category}</td>
                  <td>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {new URL(link.url).host}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </td>
                  <td>{link.organisation}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
