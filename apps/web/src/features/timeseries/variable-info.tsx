import { type FocusEvent, type KeyboardEvent, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { licenceToVerify } from '@portal/contract/licences';
import { datasetPath } from '@portal/contract/paths';
import type { Variable } from '@portal/contract/timeseries';
import { Licence } from '../../components/licence';
import { useClickOutside } from '../../components/use-click-outside';
import { Icon } from '../../components/icon';

/** Where the popover is drawn in the window: under the button, or over it where the window has more room there. */
type Place = { top: number; maxHeight: number } | { bottom: number; maxHeight: number };
const GAP = 4;
const MARGIN = 8;

/**
 * A small info button beside a variable's toggle that opens what the portal knows of it: unit,
 * period, definition, code, derivation, coverage and its dataset. The popover is a non-modal
 * dialog placed right after the button in the page, so Tab walks into it and on; it takes the
 * focus when opened, and Escape closes it and gives the focus back. It is fixed in the window
 * beside the button (its right edge at the button's, as the button ends its row), so the scrolling
 * list holding the button does not clip it, and it follows the button when the page or list scrolls.
 */
export function VariableInfo({ variable }: { variable: Variable }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const holder = useRef<HTMLSpanElement>(null);
  const headingId = useId();
  const [place, setPlace] = useState<(Place & { right: number; maxWidth: number }) | null>(null);
  // Focused once, as it mounts, without scrolling: the scrolling list holding it would move the
  // button out of sight.
  const focusOnMount = useCallback((node: HTMLElement | null) => node?.focus({ preventScroll: true }), []);
  useClickOutside(
    holder,
    show,
    useCallback(() => setShow(false), []),
  );
  useLayoutEffect(() => {
    if (!show) return;
    const follow = () => {
      const box = button.current!.getBoundingClientRect();
      const below = window.innerHeight - box.bottom - GAP - MARGIN;
      const above = box.top - GAP - MARGIN;
      const right = Math.max(MARGIN, window.innerWidth - box.right);
      // 24rem, or what the window leaves left of its right edge.
      const maxWidth = Math.min(384, window.innerWidth - right - MARGIN);
      setPlace(
        below >= 240 || below >= above
          ? { top: box.bottom + GAP, maxHeight: below, right, maxWidth }
          : { bottom: window.innerHeight - box.top + GAP, maxHeight: above, right, maxWidth },
      );
    };
    follow();
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [show]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !show) return;
    event.preventDefault();
    setShow(false);
    button.current?.focus();
  };
  // Tabbing past the popover closes it, as it would leave it behind on the page.
  const leave = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !holder.current?.contains(next)) setShow(false);
  };
  const { dataset } = variable;

  return (
    // Escape reaches here from the button and from inside the popover.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span ref={holder} className="variable-info" onBlur={leave} onKeyDown={closeOnEscape}>
      <Button
        ref={button}
        variant="link"
        size="sm"
        className="info-button"
        aria-label={t('timeseries.info.about', { name: variable.name })}
        aria-expanded={show}
        onClick={() => setShow((open) => !open)}
      >
        <Icon name="info" />
      </Button>
      {show && place && (
        <div
          ref={focusOnMount}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="popover variable-popover"
          style={place}
        >
          <h3 id={headingId} className="popover-header h6">
            {variable.name}
          </h3>
          <div className="popover-body">
            <dl className="info-facts small mb-0">
              <dt>{t('timeseries.info.unit')}</dt>
              <dd>{variable.unit}</dd>
              <dt>{t('timeseries.info.period')}</dt>
              <dd>{t(`timeseries.period.${variable.period}`)}</dd>
              {variable.definition && (
                <>
                  <dt>{t('timeseries.info.definition')}</dt>
                  <dd>{variable.definition}</dd>
                </>
              )}
              {variable.code && (
                <>
                  <dt>{t('timeseries.info.code')}</dt>
                  <dd>
                    <code>{variable.code}</code>
                  </dd>
                </>
              )}
              {variable.derivation && (
                <>
                  <dt>{t('timeseries.info.derivation')}</dt>
                  <dd>{variable.derivation}</dd>
                </>
              )}
              <dt>{t('timeseries.info.coverage')}</dt>
              <dd>
                {variable.first && variable.last
                  ? t('timeseries.info.span', { first: variable.first, last: variable.last })
                  : t('timeseries.info.noValues')}
              </dd>
              <dt>{t('timeseries.info.dataset')}</dt>
              <dd>
                <Link to={datasetPath(dataset.id)}>{dataset.title}</Link>
              </dd>
              <dt>{t('timeseries.info.publisher')}</dt>
              <dd>{dataset.publisher}</dd>
              <dt>{t('timeseries.info.licence')}</dt>
              <dd>
                <Licence licence={dataset.licence} toVerify={licenceToVerify(dataset.licence)} />
              </dd>
            </dl>
          </div>
        </div>
      )}
    </span>
  );
}
