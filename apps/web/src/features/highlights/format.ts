import type { Period } from '@portal/contract/timeseries';
import { dateTimeFormat, numberFormat } from '../../i18n';

// Large counts read better as '55.3 million' than as eight digits on a small card.
const compact = () => numberFormat({ notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 });
const plain = () => numberFormat({ maximumFractionDigits: 1 });
// Indices between 0 and 1 (poverty, vegetation) need their second and third digits.
const small = () => numberFormat({ maximumSignificantDigits: 3 });
const month = () => dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A figure's value as a card shows it: a million and more in words, below one to three digits, else to one decimal. */
export const formatFigure = (value: number) =>
  (Math.abs(value) >= 1e6 ? compact : Math.abs(value) < 1 ? small : plain)().format(value);

/** The period a value holds for: its year, its month, or its day. */
export function formatPeriod(date: string, period: Period): string {
  if (period === 'year') return date.slice(0, 4);
  if (period === 'month') return month().format(new Date(`${date}T00:00:00Z`));
  return date;
}
