import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  type Catalogue,
  DEFAULT_LANGUAGE,
  I18N_OPTIONS,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
} from '@portal/contract/messages';

function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE.name}=${language}; path=/; max-age=${LANGUAGE_COOKIE.maxAgeSeconds}; samesite=lax`;
}

// The catalogue is bundled and read synchronously: the first paint already has its texts. The
// page's language is chosen in entry.client.tsx, away from the tests that import this module without a page.
void i18next.use(initReactI18next).init({ ...I18N_OPTIONS, lng: DEFAULT_LANGUAGE });

// English is bundled; another language's catalogue is loaded the first time a reader needs it.
const CATALOGUES: Partial<Record<Language, () => Promise<Catalogue>>> = {
  sw: async () => (await import('@portal/contract/messages-sw')).sw,
};

async function showIn(language: Language): Promise<void> {
  const load = CATALOGUES[language];
  if (load && !i18next.hasResourceBundle(language, 'translation'))
    i18next.addResourceBundle(language, 'translation', await load());
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/** Shows the pages in `language` and remembers the choice for the server and the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await showIn(language);
}

const rememberedLanguage = () => document.cookie.match(new RegExp(`(?:^|; )${LANGUAGE_COOKIE.name}=([^;]*)`))?.[1];

/**
 * Opens the page in the language of a `?lang=` in its address, remembered as a choice, else in the
 * one remembered in the cookie, else in the one the server wrote into `<html lang>` from the
 * browser's languages. The cookie comes before the page because offline the page is the service
 * worker's copy, which knows the browser's languages but not the cookie (ADR 0026); online the
 * server has read the same cookie.
 */
export async function startLanguage(): Promise<void> {
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  if (isLanguage(asked)) return changeLanguage(asked);
  const remembered = rememberedLanguage();
  if (isLanguage(remembered)) return showIn(remembered);
  const served = document.documentElement.lang;
  return showIn(isLanguage(served) ? served : DEFAULT_LANGUAGE);
}

/** `t` for code outside components (alerts raised by plain functions); components use `useTranslation`. */
export const t = i18next.t.bind(i18next);

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  language: Language,
  options: object,
  make: () => T,
): T {
  const id = `${kind} ${language} ${JSON.stringify(options)}`;
  let format = formats.get(id);
  if (!format) formats.set(id, (format = make()));
  return format as T;
}

/** A number format in `language` (digits, separators, 'million' or 'milioni'), made once. */
export const numberFormat = (language: Language, options: Intl.NumberFormatOptions = {}) =>
  cached('number', language, options, () => new Intl.NumberFormat(language, options));

/** A date format in `language`, made once. */
export const dateTimeFormat = (language: Language, options: Intl.DateTimeFormatOptions) =>
  cached('date', language, options, () => new Intl.DateTimeFormat(language, options));

/** The language the page is rendered in: on the server the request's, in the browser the reader's. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}
