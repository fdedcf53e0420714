import Container from 'react-bootstrap/Container';
import euEmblem from '../assets/eu-emblem.svg';
import { useSite } from '../api/catalog';

export function Footer() {
  const site = useSite().data;
  return (
    <footer className="site-footer mt-auto py-4">
      <Container fluid="lg" className="d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <img src={euEmblem} alt="European Union emblem" width={90} height={60} />
        <div className="small">
          <p className="mb-1">
            This project is funded by the Horizon Europe Framework Programme (HORIZON) under grant agreement No.
            {site?.grantNumber ?? '101083763'}.
          </p>
          {site && (
            <>
              <p className="mb-1 fw-semibold">{site.name}</p>
              <p className="mb-1">
                Visit the{' '}
                <a href={site.partnerProject.url} target="_blank" rel="noopener noreferrer">
                  {site.partnerProject.label}
                </a>{' '}
                website.
              </p>
            </>
          )}
          <p className="mb-0">© All Rights Reserved</p>
        </div>
      </Container>
    </footer>
  );
}
