import { type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { toggleId } from '@portal/contract/rules';

export interface CheckItem {
  name: string;
  /** The toggle's label when it says more than the name, e.g. a variable's name with its unit. */
  label?: string;
  /** Shown beside the toggle, outside its label: a variable's info button. */
  extra?: ReactNode;
}

interface CheckListProps {
  title: string;
  empty: string;
  items: CheckItem[];
  selected: string[];
  onChange: (selected: string[]) => void;
}

// Lists longer than this get a filter box.
const FILTER_FROM = 8;

/** A scrollable list of toggle switches with 'select all / none' and, for long lists, a filter. */
export function CheckList({ title, empty, items, selected, onChange }: CheckListProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const headingId = useId();
  const chosen = new Set(selected);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? items.filter((item) => item.name.toLowerCase().includes(needle)) : items;
  const toggle = (name: string, on: boolean) => onChange(on ? [...selected, name] : selected.filter((s) => s !== name));

  return (
    <fieldset className="check-list-group" aria-labelledby={headingId}>
      <legend id={headingId} className="h6 mb-2">
        {title}
      </legend>
      {items.length === 0 ? (
        <p className="text-body-secondary mb-0">{empty}</p>
      ) : (
        <>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => onChange([...new Set([...selected, ...shown.map((i) => i.name)])])}
            >
              {needle ? t('timeseries.checkList.selectAllShown') : t('timeseries.checkList.selectAll')}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => onChange(needle ? selected.filter((s) => !shown.some((i) => i.name === s)) : [])}
            >
              {t('timeseries.checkList.selectNone')}
            </Button>
            <span className="small text-body-secondary" aria-live="polite">
              {t('timeseries.checkList.selected', { count: selected.length, total: items.length })}
            </span>
          </div>
          {items.length > FILTER_FROM && (
            <Form.Control
              size="sm"
              type="search"
              className="mb-2"
              placeholder={t('timeseries.checkList.filter')}
              aria-label={t('timeseries.checkList.filterLabel', { title })}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          )}
          <div className="check-list">
            {shown.map((item) => (
              <div key={item.name} className="check-item">
                <Form.Check
                  type="switch"
                  id={toggleId(item.name)}
                  label={item.label ?? item.name}
                  checked={chosen.has(item.name)}
                  onChange={(event) => toggle(item.name, event.target.checked)}
                />
                {item.extra}
              </div>
            ))}
            {shown.length === 0 && (
              <p className="small text-body-secondary mb-0">{t('timeseries.checkList.noMatch', { filter })}</p>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
