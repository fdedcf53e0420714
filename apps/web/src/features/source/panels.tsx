import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { ExternalLink } from '@portal/contract/catalog';

/** Links to the publishers' own pages, opening in a new tab. */
export function ExternalPanel({ lead, links }: { lead: string; links: ExternalLink[] }) {
  const { t } = useTranslation();
  return (
    <Card className="data-panel">
      <Card.Body>
        <p className="lead fs-6">{lead}</p>
        {links.length === 0 ? (
          <p className="mb-0">{t('source.external.none')}</p>
        ) : (
          <Table responsive className="mb-0 external-links">
            <caption className="visually-hidden">{t('source.external.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('source.external.data')}</th>
                <th scope="col">{t('source.external.link')}</th>
                <th scope="col">{t('source.external.source')}</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.url + link.category}>
                  <td>{link.category}</td>
                  <td>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {new URL(link.url).host}
                      <span className="visually-hidden"> {t('source.newTab')}</span>
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
