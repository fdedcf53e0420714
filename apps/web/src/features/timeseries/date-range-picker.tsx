import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { parseTypedDate } from './query-state';

interface DateRangePickerProps {
  start: Date | null;
  end: Date | null;
  onChange(range: { start: Date | null; end: Date | null }): void;
  /** Called when a typed date cannot be read (the spec's 'Date input not valid.', code 1). */
  onInvalidInput(): void;
}

const common = {
  dateFormat: 'MM/dd/yyyy',
  maxDate: new Date(),
  showMonthDropdown: true,
  showYearDropdown: true,
  dropdownMode: 'select' as const,
  isClearable: true,
  required: true,
  className: 'form-control',
  autoComplete: 'off',
};

/** Start and end fields; no future dates; typed text must be a real MM/dd/yyyy date. */
export function DateRangePicker({ start, end, onChange, onInvalidInput }: DateRangePickerProps) {
  const checkTyped = (event: React.FocusEvent<HTMLElement>) => {
    const text = (event.target as HTMLInputElement).value;
    if (text.trim() && !parseTypedDate(text)) onInvalidInput();
  };
  return (
    <fieldset className="date-range mb-3">
      <legend className="h6 mb-2">Select a time period for the data</legend>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <DatePicker
          {...common}
          id="start-date"
          name="start"
          ariaLabelledBy="start-date-label"
          placeholderText="StartDate"
          selected={start}
          selectsStart
          startDate={start}
          endDate={end}
          onChange={(date: Date | null) => onChange({ start: date, end })}
          onBlur={checkTyped}
        />
        <span id="start-date-label" className="visually-hidden">Start date (MM/dd/yyyy)</span>
        <span aria-hidden="true">to</span>
        <DatePicker
          {...common}
          id="end-date"
          name="end"
          ariaLabelledBy="end-date-label"
          placeholderText="EndDate"
          selected={end}
          selectsEnd
          startDate={start}
          endDate={end}
          onChange={(date: Date | null) => onChange({ start, end: date })}
          onBlur={checkTyped}
        />
        <span id="end-date-label" className="visually-hidden">End date (MM/dd/yyyy)</span>
      </div>
    </fieldset>
  );
}
