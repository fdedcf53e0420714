import type { Language } from '@portal/contract/messages';
import { dateTimeFormat } from '../../i18n';

/** An ISO date-time from the API as the account page shows it, in the page's language and the visitor's time zone. */
export const formatDateTime = (iso: string, language: Language) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
