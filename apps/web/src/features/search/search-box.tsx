import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../routing';
import type { SearchResult } from '@portal/contract/search';
import { loadAnswerSchemas } from '../../api/client';
import { SEARCH_MIN_LENGTH, useSearch } from '../../api/search';
import { useDebouncedValue } from './use-debounced-value';
import { groupResults, shownOrder } from './group-results';
import { searchPagePath } from './search-path';

/** How many results the box shows; the search page shows more. */
const BOX_LIMIT = 12;

/** A search box typed into this many milliseconds ago is searched; quicker keystrokes wait. */
const TYPING_PAUSE_MS = 150;

/**
 * The search box: a combobox (ARIA 1.2) whose list shows the results grouped by kind. Arrow keys
 * move through the results, Enter opens the one chosen (or the search page when none is), Escape
 * closes the list and then clears the box. `size="large"` is the landing page's.
 */
export function SearchBox({ size = 'bar', initialQuery = '' }: { size?: 'bar' | 'large'; initialQuery?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const optionId = (index: number) => optionIdOf(id, index);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(query, TYPING_PAUSE_MS);
  const search = useSearch(debounced, BOX_LIMIT);
  useSlashFocus(input, size);
  // The chosen result stays in view when the list reaches below the window's edge.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionIdOf(id, active))?.scrollIntoView({ block: 'nearest' });
  }, [id, active]);

  const typed = query.trim();
  const searchable = typed.length >= SEARCH_MIN_LENGTH;
  const groups = groupResults(searchable && search.data ? search.data.results : []);
  const results = shownOrder(groups);
  const waiting = searchable && (search.isFetching || debounced.trim() !== typed);
  const showList = open && searchable;

  const go = (url: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    void navigate(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Enter': {
        if (!searchable) return;
        event.preventDefault();
        const chosen = results[active];
        go(chosen && showList ? chosen.url : searchPagePath(typed));
        break;
      }
      case 'Escape':
        // A search field clears itself on Escape; the first Escape should only close the list.
        event.preventDefault();
        if (showList) setOpen(false);
        else setQuery('');
        setActive(-1);
        break;
    }
  };

  return (
    <div className={`search-box search-box-${size}`} data-search-box={size}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('searchBox.label')}
      </label>
      <div className="position-relative">
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          className={`form-control${size === 'large' ? ' form-control-lg' : ''}`}
          placeholder={t('searchBox.placeholder')}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-shortcut`}
          value={query}
          maxLength={100}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setOpen(true);
            // The answers' schemas come in while the visitor types, not after the first answer.
            loadAnswerSchemas();
          }}
          // A click on a result lands before the blur closes the list: options keep the focus on mousedown.
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <kbd className="search-box-key" aria-hidden="true">
          /
        </kbd>
        <span id={`${id}-shortcut`} className="visually-hidden">
          {t('searchBox.shortcut')}
        </span>
        <div className="search-box-popup shadow" hidden={!showList}>
          {waiting && results.length === 0 && (
            <p className="search-box-note">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('searchBox.searching')}
            </p>
          )}
          {search.isError && (
            <p className="search-box-note text-danger">{t('searchBox.failed', { message: search.error.message })}</p>
          )}
          {!waiting && !search.isError && search.isSuccess && results.length === 0 && (
            <p className="search-box-note">{t('searchBox.none', { q: typed })}</p>
          )}
          <ul id={`${id}-list`} role="listbox" aria-label={t('searchBox.label')} className="list-unstyled m-0">
            {groups.map((group) => (
              <li key={group.kind} role="presentation">
                <div id={`${id}-${group.kind}`} className="search-box-group" role="presentation">
                  {t(`searchBox.kind.${group.kind}`)}
                </div>
                <ul role="group" aria-labelledby={`${id}-${group.kind}`} className="list-unstyled m-0">
                  {group.results.map(({ result, index }) => (
                    // The keys reach the options through the combobox (aria-activedescendant), not the options themselves.
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                    <li
                      key={`${result.url}-${index}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className={`search-box-option${index === active ? ' active' : ''}`}
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => go(result.url)}
                    >
                      <ResultText result={result} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {results.length > 0 && (
            <Link
              to={searchPagePath(typed)}
              className="search-box-all"
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setOpen(false)}
            >
              {t('searchBox.all', { q: typed })}
            </Link>
          )}
        </div>
      </div>
      {/* Announces the count to screen readers; a plain live region, not a status: nothing loads here. */}
      <div aria-live="polite" aria-atomic="true" className="visually-hidden">
        {showList &&
          !waiting &&
          search.isSuccess &&
          (results.length
            ? t('searchBox.count', { count: results.length, q: typed })
            : t('searchBox.none', { q: typed }))}
      </div>
    </div>
  );
}

const optionIdOf = (boxId: string, index: number) => `${boxId}-option-${index}`;

/** A result's title (a link to its page where `link` is set) and what tells it apart (unit and source, the kind of place, the layer). */
export function ResultText({ result, link = false }: { result: SearchResult; link?: boolean }) {
  return (
    <>
      {link ? (
        <Link to={result.url} className="search-box-title">
          {result.title}
        </Link>
      ) : (
        <span className="search-box-title">{result.title}</span>
      )}
      {result.subtitle && <span className="search-box-subtitle">{result.subtitle}</span>}
    </>
  );
}

/**
 * `/` anywhere but in a text field focuses the search box, as on many sites; with two boxes on a
 * page (the landing page's large one and the top bar's) the large one takes it.
 */
function useSlashFocus(input: React.RefObject<HTMLInputElement | null>, size: 'bar' | 'large') {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
      if (size === 'bar' && document.querySelector('[data-search-box="large"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input, size]);
}

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
