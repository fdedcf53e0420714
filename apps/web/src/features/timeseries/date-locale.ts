import type { FormatLongWidth, Locale, LocaleWidth } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import type { Language } from '@portal/contract/messages';

// Swahili's short weekday names are its full ones, too wide for the calendar's seven columns, so
// the picker's 'short' headers take the narrow letters.
const INTL_WIDTH = { narrow: 'narrow', short: 'narrow', abbreviated: 'short', wide: 'long', any: 'long' } as const;

// 3 January 2021 was a Sunday, date-fns's day 0.
const monthName = (language: string, month: number, width: LocaleWidth = 'wide') =>
  new Intl.DateTimeFormat(language, { month: INTL_WIDTH[width], timeZone: 'UTC' }).format(Date.UTC(2021, month, 1));
const dayName = (language: string, day: number, width: LocaleWidth = 'wide') =>
  new Intl.DateTimeFormat(language, { weekday: INTL_WIDTH[width], timeZone: 'UTC' }).format(Date.UTC(2021, 0, 3 + day));

const DATE_PATTERNS = {
  full: 'EEEE, d MMMM yyyy',
  long: 'd MMMM yyyy',
  medium: 'd MMM yyyy',
  short: 'dd/MM/yyyy',
  any: 'EEEE, d MMMM yyyy',
} as const;

/**
 * date-fns has no Swahili locale, so the date picker's month and weekday names (its dropdowns,
 * its headers and the days' spoken labels) come from the browser's own Intl data; what the picker
 * only parses or counts (weeks start on Sunday in Kenya, as in en-US) stays en-US's.
 */
const swahili: Locale = {
  ...enUS,
  code: 'sw',
  localize: {
    ...enUS.localize,
    month: (month: number, options?: { width?: LocaleWidth }) => monthName('sw', month, options?.width),
    day: (day: number, options?: { width?: LocaleWidth }) => dayName('sw', day, options?.width),
  },
  formatLong: {
    ...enUS.formatLong,
    date: ({ width = 'full' }: { width?: FormatLongWidth } = {}) => DATE_PATTERNS[width],
  },
};

/** The date picker's locale for a language; undefined keeps the picker's English. */
export const datePickerLocale = (language: Language): Locale | undefined => (language === 'sw' ? swahili : undefined);
