import { useRef } from 'react';
import DatePicker from 'react-datepicker';
import { useTranslation } from 'react-i18next';
import 'react-datepicker/dist/react-datepicker.css';
import { useLanguage } from '../../i18n';
import { datePickerLocale } from './date-locale';
import { type DateFormat, parseTypedDate } from './query-state';

export interface DateRangePickerProps {
  start: Date | null;
  end: Date | null;
  /** The latest day that may be chosen: today, or the last day of data that run into the future. */
  maxDate: Date | null;
  onChange: (range: { start: Date | null; end: Date | null }) => void;
  /** Called when a typed date cannot be read (the spec's 'Date input not valid.', code 1). */
  onInvalidInput: () => void;
}

const common = {
  showMonthDropdown: true,
  showYearDropdown: true,
  dropdownMode: 'select' as const,
  isClearable: true,
  required: true,
  className: 'form-control',
  autoComplete: 'off',
};

/** The start or the end of the range. */
export type DateField = 'start' | 'end';

/**
 * The start or end field with a calendar (month and year dropdowns); no day after `maxDate`; typed text
 * must be a real date in the language's format. Loaded when the visitor first reaches for a date.
 */
export default function CalendarField({
  field,
  start,
  end,
  maxDate,
  onChange,
  onInvalidInput,
}: DateRangePickerProps & { field: DateField }) {
  const { t } = useTranslation();
  const dateFormat = t('timeseries.dates.format') as DateFormat;
  const locale = datePickerLocale(useLanguage());
  // The picker's own labels, read aloud; its defaults are English.
  const labels = {
    ariaLabelClose: t('timeseries.dates.clear'),
    previousMonthButtonLabel: t('timeseries.dates.previousMonth'),
    previousMonthAriaLabel: t('timeseries.dates.previousMonth'),
    nextMonthButtonLabel: t('timeseries.dates.nextMonth'),
    nextMonthAriaLabel: t('timeseries.dates.nextMonth'),
    chooseDayAriaLabelPrefix: t('timeseries.dates.chooseDay'),
    disabledDayAriaLabelPrefix: t('timeseries.dates.dayNotAvailable'),
  };
  // The picker puts back the last good date when a field is left, so remember what was typed. It
  // also calls this for clicks and keys on its calendar, whose target is not the field.
  const typed = useRef('');
  const rememberTyped = (event?: React.MouseEvent<HTMLElement> | React.KeyboardEvent<HTMLElement>) => {
    if (event?.target instanceof HTMLInputElement) typed.current = event.target.value;
  };
  const checkTyped = () => {
    if (typed.current.trim() && !parseTypedDate(typed.current, dateFormat)) onInvalidInput();
    typed.current = '';
  };
  const isStart = field === 'start';
  return (
    <DatePicker
      {...common}
      {...labels}
      maxDate={maxDate ?? undefined}
      dateFormat={dateFormat}
      locale={locale}
      id={`${field}-date`}
      name={field}
      ariaLabelledBy={`${field}-date-label`}
      placeholderText={t(isStart ? 'timeseries.dates.startPlaceholder' : 'timeseries.dates.endPlaceholder')}
      selected={isStart ? start : end}
      selectsStart={isStart}
      selectsEnd={!isStart}
      startDate={start}
      endDate={end}
      onChange={(date: Date | null) => onChange({ start, end, [field]: date })}
      onChangeRaw={rememberTyped}
      onBlur={checkTyped}
    />
  );
}
