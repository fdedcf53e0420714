import { numberFormat } from '../../i18n';
import { formatFigure } from '../highlights/format';

const small = () => numberFormat({ maximumSignificantDigits: 3 });

/**
 * A value on the county map: as a figure card shows it, but with three significant digits below 10,
 * so an index from 0 to 1 (NDVI, poverty) keeps the differences its classes are made of.
 */
export const formatMapValue = (value: number) =>
  value !== 0 && Math.abs(value) < 10 ? small().format(value) : formatFigure(value);
