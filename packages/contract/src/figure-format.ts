// How a figure and its period are written, shared by the pages and the server's fact sheets so both
// show a value the same way.
import type { Language } from './languages.ts';
import type { Period } from './timeseries.ts';

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** A format made once per language and options: making one costs more than using it. */
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(id: string, make: () => T): T {
  let format = formats.get(id);
  if (!format) formats.set(id, (format = make()));
  return format as T;
}

// Large counts read better as '55.3 million' than as eight digits on a small card.
const compact = (language: Language) =>
  cached(`compact ${language}`, () =>
    Intl.NumberFormat(language, { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 }),
  );
const plain = (language: Language) =>
  cached(`plain ${language}`, () => Intl.NumberFormat(language, { maximumFractionDigits: 1 }));
// Indices between 0 and 1 (poverty, vegetation) need their second and third digits.
const small = (language: Language) =>
  cached(`small ${language}`, () => Intl.NumberFormat(language, { maximumSignificantDigits: 3 }));
const month = (language: Language, length: 'long' | 'short') =>
  cached(`month ${length} ${language}`, () =>
    Intl.DateTimeFormat(language, { month: length, year: 'numeric', timeZone: 'UTC' }),
  );

/** A figure's value as a card shows it: a million and more in words, below one to three digits, else to one decimal. */
export const formatFigure = (value: number, language: Language) =>
  (Math.abs(value) >= 1e6 ? compact : Math.abs(value) < 1 ? small : plain)(language).format(value);

/** The period a value holds for: its year, its month (its name in full, or short beside a small chart), or its day. */
export function formatPeriod(
  date: string,
  period: Period,
  language: Language,
  length: 'long' | 'short' = 'long',
): string {
  if (period === 'year') return date.slice(0, 4);
  if (period === 'month') return month(language, length).format(new Date(`${date}T00:00:00Z`));
  return date;
}
