import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { apaCitation, bibtexCitation, type CitationInput, cffCitation } from '@portal/contract/citation';
import type { DatasetProvenance } from '@portal/contract/timeseries';
import { useSite } from '../api/catalog';
import { CopyButton } from './copy-button';
import { downloadText } from './download';
import { usePublicUrl } from './public-url';
import { today } from './dates';

/**
 * A ready citation of a dataset's version, accessed today: the APA text to copy, the BibTeX entry
 * on demand and a CITATION.cff to download. On the dataset page and under every preview.
 */
export function DatasetCitation({ dataset }: { dataset: DatasetProvenance }) {
  const { t } = useTranslation();
  const site = useSite().data;
  const publicUrl = usePublicUrl();
  if (!site) return null;
  const input: CitationInput = {
    dataset,
    version: dataset.version,
    loadedAt: dataset.loadedAt,
    // The reader's own calendar day: that is the day they took the data.
    accessed: today(),
    portal: { name: site.name, origin: publicUrl },
  };
  const apa = apaCitation(input);
  const bibtex = bibtexCitation(input);
  return (
    <div className="dataset-citation small">
      <p className="fw-semibold mb-1">{t('citation.title')}</p>
      <div className="citation-text citation-apa mb-2">
        {/* The portal's version, then the publisher's original: one reference each. */}
        {apa.split('\n').map((reference) => (
          <p key={reference}>{reference}</p>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2 d-print-none">
        <CopyButton text={apa} label={t('citation.copy')} />
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => downloadText(cffCitation(input), 'CITATION.cff', 'application/x-yaml')}
        >
          {t('citation.cff')}
        </Button>
      </div>
      <details className="citation-bibtex d-print-none">
        <summary>{t('citation.bibtex')}</summary>
        <pre className="code-block mb-2">{bibtex}</pre>
        <CopyButton text={bibtex} label={t('citation.copyBibtex')} />
      </details>
    </div>
  );
}
