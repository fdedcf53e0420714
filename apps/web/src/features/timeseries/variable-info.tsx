import { type FocusEvent, useCallback, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { licenceToVerify } from '@portal/contract/datasets';
import { datasetPath } from '@portal/contract/paths';
import type { Variable } from '@portal/contract/timeseries';
import { Licence } from '../../components/licence';

/**
 * A small info button beside a variable's toggle that opens what the portal knows of it: unit,
 * period, definition, code, derivation, coverage and its dataset. The popover is a non-modal
 * dialog placed right after the button in the page, so Tab walks into it and on; it takes the
 * focus when opened, and Escape closes it and gives the focus back.
 */
export function VariableInfo({ variable }: { variable: Variable }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const holder = useRef<HTMLSpanElement>(null);
  const headingId = useId();
  // The popover mounts a moment after `show` (once its target is measured): focus it then, once,
  // without scrolling, as the scrolling list holding it would move the button out of sight.
  const focusOnMount = useCallback((node: HTMLElement | null) => node?.focus({ preventScroll: true }), []);

  const hide = (event?: Event) => {
    // The button toggles by itself; a click on it is not a click outside.
    if (event?.type === 'click' && button.current?.contains(event.target as Node)) return;
    setShow(false);
    if (event instanceof KeyboardEvent) button.current?.focus();
  };
  // Tabbing past the popover closes it, as it would leave it behind on the page.
  const leave = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !holder.current?.contains(next)) setShow(false);
  };
  const { dataset } = variable;

  return (
    <span ref={holder} className="variable-info" onBlur={leave}>
      <Button
        ref={button}
        variant="link"
        size="sm"
        className="info-button"
        aria-label={t('timeseries.info.about', { name: variable.name })}
        aria-expanded={show}
        onClick={() => setShow((open) => !open)}
      >
        <InfoIcon />
      </Button>
      <Overlay ref={focusOnMount} target={button} container={holder} show={show} placement="bottom-start" rootClose onHide={hide} transition={false}>
        <Popover role="dialog" aria-labelledby={headingId} tabIndex={-1} className="variable-popover">
          <Popover.Header as="h3" id={headingId} className="h6">
            {variable.name}
          </Popover.Header>
          <Popover.Body>
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
                {variable.first && variable.last ? t('timeseries.info.span', { first: variable.first, last: variable.last }) : t('timeseries.info.noValues')}
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
          </Popover.Body>
        </Popover>
      </Overlay>
    </span>
  );
}

function InfoIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.3a5.7 5.7 0 1 1 0 11.4A5.7 5.7 0 0 1 8 2.3zM7.2 7h1.6v4.8H7.2zm.8-2.9a.95.95 0 1 0 0 1.9.95.95 0 0 0 0-1.9z"
      />
    </svg>
  );
}
