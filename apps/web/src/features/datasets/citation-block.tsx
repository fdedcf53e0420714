import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { apaCitation, bibtexCitation, type CitationInput, cffCitation } from '@portal/contract/citation';
import { downloadText } from '../../components/download';

/**
 * How to cite the dataset: the APA text and the BibTeX entry, each with a copy button, and a
 * CITATION.cff to download; all three from the contract's citation functions.
 */
export function CitationBlock({ input }: { input: CitationInput }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const apa = apaCitation(input);
  const bibtex = bibtexCitation(input);
  const copy = async (text: string, format: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('dataset.cite.copied', { format }));
    } catch {
      setStatus(t('dataset.cite.copyFailed'));
    }
  };
  return (
    <>
      <Citation title={t('dataset.cite.apa')} onCopy={() => void copy(apa, t('dataset.cite.apa'))}>
        {/* A reference per line, read as prose. */}
        <p className="citation-text citation-apa">{apa}</p>
      </Citation>
      <Citation title={t('dataset.cite.bibtex')} onCopy={() => void copy(bibtex, t('dataset.cite.bibtex'))}>
        {/* Wrapped, not scrolled, so the whole entry reads on a phone. */}
        <pre className="citation-text citation-bibtex">{bibtex}</pre>
      </Citation>
      <Button variant="outline-primary" onClick={() => downloadText(cffCitation(input), 'CITATION.cff', 'application/x-yaml')}>
        {t('dataset.cite.cff')}
      </Button>
      <p className="small mt-2 mb-0" aria-live="polite">
        {status}
      </p>
    </>
  );
}

function Citation({ title, onCopy, children }: { title: string; onCopy: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-1">
        <h3 className="h6 mb-0">{title}</h3>
        <Button size="sm" variant="outline-secondary" onClick={onCopy} aria-label={t('dataset.cite.copyLabel', { format: title })}>
          {t('dataset.cite.copy')}
        </Button>
      </div>
      {children}
    </div>
  );
}
