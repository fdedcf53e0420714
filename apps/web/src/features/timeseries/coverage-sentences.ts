import type { Language, Translate } from '@portal/contract/messages';
import { periodFormat, periodLabel, type SeriesCoverage, timestampMs } from '@portal/contract/chart-state';

/** A stretch of periods in `language`: 'June 2017', 'March – May 2017'. */
const stretchLabel = ([from, to]: [string, string], language: Language) =>
  from === to
    ? periodLabel(from, language)
    : periodFormat(from, language).formatRange(timestampMs(from), timestampMs(to));

/** Stretches named one by one in a sentence; more are counted. */
const NAMED_GAPS = 3;

/**
 * The page's sentences on each series that does not fill the range asked for, in `language`:
 * 'Rainfall for Turkana starts in January 2015.', and the stretches it misses.
 */
export function coverageSentences(coverage: SeriesCoverage[], t: Translate, language: Language): string[] {
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  return coverage.flatMap(({ variable, location, starts, ends, gaps }) => {
    const series = { variable, location };
    const start = starts && periodLabel(starts, language);
    const end = ends && periodLabel(ends, language);
    const sentences = [
      start && end
        ? t('timeseries.coverage.startsEnds', { ...series, start, end })
        : start
          ? t('timeseries.coverage.starts', { ...series, start })
          : end
            ? t('timeseries.coverage.ends', { ...series, end })
            : null,
    ];
    if (gaps.length) {
      const named = gaps.slice(0, NAMED_GAPS).map((gap) => stretchLabel(gap, language));
      const more = gaps.length - named.length;
      const spans = list.format(more ? [...named, t('timeseries.coverage.moreGaps', { count: more })] : named);
      sentences.push(t('timeseries.coverage.gaps', { ...series, spans }));
    }
    return sentences.filter((sentence) => sentence !== null);
  });
}
