import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { ExternalLink } from '@portal/contract/catalog';

const EMPTY_ROWS = 5;

/** The timeseries panel with the spec's empty states; the query controls build on it. */
export function TimeseriesPanel() {
  return (
    <Card className="data-panel">
      <Card.Header as="h2" className="h5">Timeseries Data</Card.Header>
      <Card.Body>
        <div className="row g-3">
          <div className="col-md-6">
            <h3 className="h6">Select data variable(s)</h3>
            <div className="check-list">
              <p className="text-body-secondary mb-0">No data variables available yet for this data source</p>
            </div>
          </div>
          <div className="col-md-6">
            <h3 className="h6">Select location(s)</h3>
            <div className="check-list">
              <p className="text-body-secondary mb-0">No location available yet.</p>
            </div>
          </div>
        </div>
        <div className="results-panel mt-3">
          <div className="results-table">
            <Table striped bordered size="sm" className="mb-0">
              <caption className="visually-hidden">Preview of the selected timeseries</caption>
              <thead>
                <tr>
                  <th scope="col">Timestamp</th>
                  <th scope="col">Variable</th>
                  <th scope="col">Value</th>
                  <th scope="col">Location</th>
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: EMPTY_ROWS }, (_, row) => (
                  <tr key={row}>
                    <td>---</td>
                    <td>---</td>
                    <td>---</td>
                    <td>---</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </div>
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
