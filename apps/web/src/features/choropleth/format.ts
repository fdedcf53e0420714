import type { Language } from '@portal/contract/messages';
import { numberFormat } from '../../i18n';
import { formatFigure } from '@portal/contract/figure-format';

const small = (language: Language) => numberFormat(language, { maximumSignificantDigits: 3 });

/**
 * A value on the county map: as a figure card shows it, but with three significant digits below 10,
 * so an index from 0 to 1 (NDVI, poverty) keeps the differences its classes are made of.
 */
export const formatMapValue = (value: number, language: Language) =>
  value !== 0 && Math.abs(value) < 10 ? small(language).format(value) : formatFigure(value, language);
