import { createInstance, type TFunction, type TOptions } from 'i18next';
import account from './messages/en/account.json' with { type: 'json' };
import counties from './messages/en/counties.json' with { type: 'json' };
import choropleth from './messages/en/choropleth.json' with { type: 'json' };
import data from './messages/en/data.json' with { type: 'json' };
import forms from './messages/en/forms.json' with { type: 'json' };
import server from './messages/en/server.json' with { type: 'json' };
import site from './messages/en/site.json' with { type: 'json' };
import type documentsEn from './messages/en/documents.json';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from './languages.ts';

// The languages are their own module, which the service worker reads without the catalogue.
export * from './languages.ts';

/**
 * The catalogue of interface texts (ADR 0012), read through i18next by the web app (react-i18next)
 * and by the server (its answers and e-mails). One flat namespace: a key names its area before the
 * dot ('field.emailInvalid'); the files only split the English catalogue by who uses it. Plural
 * forms follow i18next's suffixes ('_one', '_other').
 */
export const en = { ...forms, ...server, ...site, ...account, ...data, ...counties, ...choropleth };

/** A catalogue of another language: every English key, typed so a missing one does not compile. */
export type Catalogue = Record<keyof typeof en, string>;

/**
 * The texts of what only the server writes (e-mails, export read-mes): a module of their own
 * (`@portal/contract/messages-documents`), which the server imports and the pages never load.
 */
export type DocumentTexts = Record<keyof typeof documentsEn, string>;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
/** A key of the catalogue, as `t` takes it (plural forms by their common stem). */
export type MessageKey = WithoutPlural<keyof typeof en>;

/**
 * Names a catalogue key where a text is chosen but shown later (a schema's rule, an error): the
 * type catches a key that does not exist, and the side that shows it translates it.
 */
export const key = <K extends MessageKey>(messageKey: K): K => messageKey;

const KEYS = new Set(Object.keys(en).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
export const isMessageKey = (text: string): text is MessageKey => KEYS.has(text);

/** The catalogue key of a figure's caveat ('caveat.*'), or null when it has none or `text` is no such key. */
export const caveatKey = (text: string | null): MessageKey | null =>
  text !== null && text.startsWith('caveat.') && isMessageKey(text) ? text : null;

/**
 * The options both sides give i18next: flat keys, no HTML escaping (React and JSON escape for
 * themselves). Only English is bundled; another language's catalogue is its own module
 * (`@portal/contract/messages-sw`), which the pages load when a reader picks it.
 */
export const I18N_OPTIONS = {
  resources: { en: { translation: en } },
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en & typeof documentsEn };
    keySeparator: false;
    nsSeparator: false;
  }
}

export type Translate = TFunction<'translation'>;

const translators = new Map<Language, Translate>();
const catalogues = new Map<Language, Partial<Catalogue & DocumentTexts>>([[DEFAULT_LANGUAGE, en]]);

/** Makes a language's catalogue, or its documents' texts, known to `translator`; their modules call this when imported. */
export function addCatalogue(language: Language, texts: Catalogue | DocumentTexts): void {
  catalogues.set(language, { ...catalogues.get(language), ...texts });
  translators.delete(language);
}

/**
 * A `t` fixed to one language, for code outside React (the server, tests). A language other than
 * English needs its catalogue module imported first (`import '@portal/contract/messages-sw'`).
 */
export function translator(language: Language = DEFAULT_LANGUAGE): Translate {
  let t = translators.get(language);
  if (!t) {
    const catalogue = catalogues.get(language);
    if (!catalogue)
      throw new Error(`the '${language}' catalogue is not loaded: import @portal/contract/messages-${language}`);
    const i18n = createInstance();
    void i18n.init({
      ...I18N_OPTIONS,
      resources: { ...I18N_OPTIONS.resources, [language]: { translation: catalogue } },
      lng: language,
    });
    t = i18n.getFixedT(language);
    translators.set(language, t);
  }
  return t;
}

/**
 * The text of a message that may be a catalogue key (a schema's rule) or already a text (a
 * library's own wording, which has no key).
 */
export function textOf(t: Translate, message: string, options?: TOptions): string {
  return isMessageKey(message) ? t(message, { ...options }) : message;
}
