import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Number and date formats in the page's language. */
export function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const integer = new Intl.NumberFormat(language);
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      count: (value: number) => integer.format(value),
      /** An ISO time from the API, in the visitor's time zone. */
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [language]);
}
