import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

/**
 * A small button that copies `text` to the clipboard and says, in a live region, whether it did:
 * the clipboard is refused outside a secure context or without permission, and then the reader
 * selects the text shown beside it instead.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  // The outcome is news for a moment; a later click says it again.
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <span className="copy-button">
      <Button size="sm" variant="outline-secondary" onClick={() => void copy()}>
        {label}
      </Button>
      {/* A live region, not a status: the page has nothing loading here. */}
      <span className="copy-outcome small ms-2" aria-live="polite">
        {outcome === 'copied' && t('copy.done')}
        {outcome === 'failed' && t('copy.failed')}
      </span>
    </span>
  );
}
