import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../routing';
import { type Language, LANGUAGE_NAMES, LANGUAGE_PARAM, LANGUAGES } from '@portal/contract/messages';
import { changeLanguage, useLanguage } from '../i18n';
import { MenuButton } from './menu-button';

/**
 * The language menu of the top bar and of the side menu (small screens). Each language is named in
 * itself and marked with its `lang`, so a screen reader speaks it right; the choice is remembered
 * in the `lang` cookie, and an address that carries `?lang=` is changed with it.
 */
export function LanguageSwitch({ place }: { place: 'top-bar' | 'side-menu' }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const current = useLanguage();
  const choose = (language: Language) => {
    setSearchParams(
      (params) => {
        if (params.has(LANGUAGE_PARAM)) params.set(LANGUAGE_PARAM, language);
        return params;
      },
      { replace: true },
    );
    void changeLanguage(language);
  };
  return (
    <MenuButton
      id={place === 'top-bar' ? 'language-menu' : 'side-language-menu'}
      place={place}
      label={
        <>
          <span className="visually-hidden">{t('language.label')}</span>{' '}
          <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        </>
      }
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={`dropdown-item${language === current ? ' active' : ''}`}
          aria-current={language === current ? 'true' : undefined}
          onClick={() => choose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </MenuButton>
  );
}
