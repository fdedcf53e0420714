import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeseriesRow } from '@portal/contract/timeseries';
import { useLanguage } from '../../i18n';
import { type AskedRange, seriesCoverage } from '@portal/contract/chart-state';
import { coverageSentences } from './coverage-sentences';

/**
 * Beside the chart, per series that does not fill the range asked for, where its values start and
 * end and the stretches it misses: 'Rainfall for Turkana starts in January 2015.'
 */
export function CoverageNotes({
  rows,
  asked,
  complete,
}: {
  rows: TimeseriesRow[];
  asked: AskedRange;
  complete: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sentences = useMemo(
    () => coverageSentences(seriesCoverage(rows, asked, complete), t, language),
    [rows, asked, complete, t, language],
  );
  if (!sentences.length) return null;
  return (
    <ul className="coverage-notes small" aria-label={t('timeseries.coverage.label')}>
      {sentences.map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}
