import Dropdown from 'react-bootstrap/Dropdown';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Language, LANGUAGE_NAMES, LANGUAGES } from '@portal/contract/messages';
import { changeLanguage, currentLanguage, LANGUAGE_PARAM } from '../i18n';

/**
 * The language menu of the top bar and of the side menu (small screens). Each language is named in
 * itself and marked with its `lang`, so a screen reader speaks it right; the choice is remembered
 * in the `lang` cookie, and an address that carries `?lang=` is changed with it.
 */
export function LanguageSwitch({ place }: { place: 'top-bar' | 'side-menu' }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const current = currentLanguage();
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
  const Menu = place === 'top-bar' ? NavDropdown : Dropdown;
  const items = LANGUAGES.map((language) => (
    <Menu.Item
      key={language}
      as="button"
      type="button"
      lang={language}
      active={language === current}
      aria-current={language === current ? 'true' : undefined}
      onClick={() => choose(language)}
    >
      {LANGUAGE_NAMES[language]}
    </Menu.Item>
  ));
  const title = (
    <>
      <span className="visually-hidden">{t('language.label')}</span> <span lang={current}>{LANGUAGE_NAMES[current]}</span>
    </>
  );
  if (place === 'top-bar') {
    return (
      <NavDropdown title={title} id="language-menu" align="end" className="language-menu">
        {items}
      </NavDropdown>
    );
  }
  return (
    <Dropdown className="side-language-menu">
      <Dropdown.Toggle variant="link" className="side-menu-link text-start" id="side-language-menu">
        {title}
      </Dropdown.Toggle>
      <Dropdown.Menu>{items}</Dropdown.Menu>
    </Dropdown>
  );
}
