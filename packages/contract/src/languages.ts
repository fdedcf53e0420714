// The portal's languages and how a reader's language is named and found, without the catalogue of
// texts, so that the service worker can pick a language without loading every text.

export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself, as a language menu offers it to readers of any language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The cookie that remembers a visitor's language, set by the page when the visitor picks one and by
 * the server for a `?lang=` link; readable by the page, for a year (ADR 0012).
 */
export const LANGUAGE_COOKIE = { name: 'lang', maxAgeSeconds: 60 * 60 * 24 * 365 } as const;

/** The query parameter that opens any page in a language (`?lang=sw`), so a link can be shared in it. */
export const LANGUAGE_PARAM = 'lang';

/** Whether a cookie, a query parameter or a page's `lang` names a language the portal has. */
export const isLanguage = (value: string | null | undefined): value is Language =>
  LANGUAGES.includes(value as Language);

/**
 * The first of a reader's languages, in the order of preference (the browser's
 * `navigator.languages`, or an Accept-Language header ranked by quality), that the portal has:
 * 'sw-KE' reads as Swahili.
 */
export const preferredLanguage = (tags: readonly string[]): Language | undefined =>
  tags.map((tag) => tag.trim().toLowerCase().split('-')[0]).find(isLanguage);
