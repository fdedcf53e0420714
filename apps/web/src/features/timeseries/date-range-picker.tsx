import { type ComponentType, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateField as Field, DateRangePickerProps } from './date-range-calendar';
import { type DateFormat, formatTypedDate, parseTypedDate } from './query-state';

type Texts = Record<Field, string | null>;

/**
 * The start and end dates. The calendar (react-datepicker and date-fns, about 40 kB compressed, a
 * fifth of the page's script) loads when the visitor first points at or focuses a field; until then,
 * and if it cannot load, the fields take typed dates on their own. A field being typed in keeps its
 * text: the calendar takes over once every field shows a whole date or nothing, and the field the
 * visitor is in keeps the focus.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const { t } = useTranslation();
  const format = t('timeseries.dates.format') as DateFormat;
  const [Calendar, setCalendar] = useState<ComponentType<DateRangePickerProps & { field: Field }> | null>(null);
  // What each field shows while typed in (null: the date it holds).
  const [typed, setTyped] = useState<Texts>({ start: null, end: null });
  const loading = useRef(false);
  // The field the visitor was in when the calendar last could take over: it keeps the focus.
  const focusOnTakeOver = useRef<string | null>(null);

  const midway = (text: string | null) => text !== null && text.trim() !== '' && !parseTypedDate(text, format);
  // Decided at render from the latest state, so a key typed while the calendar arrives is never lost.
  const takesOver = Calendar !== null && !midway(typed.start) && !midway(typed.end);
  const noteFocus = () => {
    const active = document.activeElement;
    focusOnTakeOver.current = active instanceof HTMLInputElement && active.closest('.date-field') ? active.id : null;
  };
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('./date-range-calendar').then(
      (module) => {
        noteFocus();
        setCalendar(() => module.default);
      },
      // Offline with nothing cached: the plain fields go on working, and the next reach tries again.
      () => (loading.current = false),
    );
  };
  const show = (field: Field, text: string | null) => {
    noteFocus();
    setTyped((texts) => ({ ...texts, [field]: text }));
  };
  const type = (field: Field, text: string) => {
    const date = text.trim() ? parseTypedDate(text, format) : null;
    if (date || !text.trim()) props.onChange({ start: props.start, end: props.end, [field]: date });
    show(field, text);
  };
  const leave = (field: Field) => {
    if (midway(typed[field])) props.onInvalidInput();
    // As the calendar does: the field shows its last good date again.
    show(field, null);
  };

  // The calendar's field opens its calendar on focus; the caret goes to the end of what was typed.
  // Before the browser paints and takes the next key, so no key lands between the two fields.
  useLayoutEffect(() => {
    const input = takesOver && focusOnTakeOver.current ? document.getElementById(focusOnTakeOver.current) : null;
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [takesOver]);

  const field = (name: Field) => (takesOver ? <Calendar field={name} {...props} /> : plainField(name));
  const plainField = (field: Field) => (
    <div className="date-field">
      <input
        id={`${field}-date`}
        name={field}
        className="form-control"
        aria-labelledby={`${field}-date-label`}
        placeholder={t(field === 'start' ? 'timeseries.dates.startPlaceholder' : 'timeseries.dates.endPlaceholder')}
        required
        autoComplete="off"
        value={typed[field] ?? (props[field] ? formatTypedDate(props[field], format) : '')}
        onChange={(event) => type(field, event.target.value)}
        onBlur={() => leave(field)}
      />
    </div>
  );

  return (
    <fieldset className="date-range mb-3">
      <legend className="h6 mb-2">{t('timeseries.dates.legend')}</legend>
      {/* Pointing at the fields, or reaching one by keyboard, starts loading the calendar. */}
      <div
        className="d-flex flex-wrap gap-2 align-items-center"
        onPointerEnter={load}
        onPointerDown={load}
        onFocus={load}
      >
        {field('start')}
        <span id="start-date-label" className="visually-hidden">
          {t('timeseries.dates.startLabel')}
        </span>
        <span aria-hidden="true">{t('timeseries.dates.to')}</span>
        {field('end')}
        <span id="end-date-label" className="visually-hidden">
          {t('timeseries.dates.endLabel')}
        </span>
      </div>
    </fieldset>
  );
}
