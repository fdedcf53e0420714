import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, I18N_OPTIONS } from '@portal/contract/messages';

// The catalogue is bundled and read synchronously: the first paint already has its texts.
void i18next.use(initReactI18next).init({ ...I18N_OPTIONS, lng: DEFAULT_LANGUAGE });

/** `t` for code outside components (alerts raised by plain functions); components use `useTranslation`. */
export const t = i18next.t.bind(i18next);
