import en from './messages/en/documents.json' with { type: 'json' };
import sw from './messages/sw/documents.json' with { type: 'json' };
import { addCatalogue, type DocumentTexts } from './messages.ts';

/** The texts of e-mails and export read-mes in every language, known to `translator` once imported. */
export const documents: Record<'en' | 'sw', DocumentTexts> = { en, sw };
addCatalogue('en', en);
addCatalogue('sw', sw);
