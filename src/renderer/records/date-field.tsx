import { useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { dateOrder, formatIsoDate, parseDate } from '../words/format';

type Props = {
  id: string;
  /** "2027-03-31", '' for no date, or text typed that is no date (the form's rules say so). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
};

/** What the field shows for a value: a date in the format of the lists, else the text as is. */
const shown = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatIsoDate(value) : value);

/**
 * A date field that reads as the lists do ("2027/03/31" in Chinese, "03/31/2027" in American
 * English): the browser's own date input writes dates in the browser's locale, which is not
 * always the app's language. The owner types the date, or picks it from the browser's calendar
 * (the button beside the field). The value is an ISO date ("2027-03-31"), as a date input's.
 */
export function DateField(props: Props) {
  const { id, value, onChange, onBlur, inputRef, disabled } = props;
  const { t, i18n } = useTranslation('records');
  const picker = useRef<HTMLInputElement>(null);
  // What the owner typed, kept as typed while it is not a whole date yet.
  const [text, setText] = useState(() => shown(value));
  const [last, setLast] = useState({ value, language: i18n.language });
  // A value from outside (a reset, the picker, another language) replaces what is shown.
  if (last.value !== value || last.language !== i18n.language) {
    setLast({ value, language: i18n.language });
    if (parseDate(text) !== value || last.language !== i18n.language) setText(shown(value));
  }

  const { order, separator } = dateOrder();
  const placeholder = order.map((part) => t(`date.${part}`)).join(separator);
  const isoValue = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

  return (
    <span className="date-field">
      <input
        id={id}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          onChange(typed.trim() === '' ? '' : (parseDate(typed) ?? typed));
        }}
        onBlur={() => {
          // A whole date is written back in the one format once the owner leaves the field.
          const iso = parseDate(text);
          if (iso) setText(formatIsoDate(iso));
          onBlur?.();
        }}
      />
      <button
        type="button"
        className="secondary date-pick"
        disabled={disabled}
        aria-label={t('date.pick')}
        title={t('date.pick')}
        onClick={() => picker.current?.showPicker()}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4.5 1v1.5h-2A1.5 1.5 0 0 0 1 4v9.5A1.5 1.5 0 0 0 2.5 15h11a1.5 1.5 0 0 0 1.5-1.5V4a1.5 1.5 0 0 0-1.5-1.5h-2V1H10v1.5H6V1H4.5ZM2.5 6.5h11v7h-11v-7Zm1.5 1.5v1.5h1.5V8H4Zm3 0v1.5h1.5V8H7Zm3 0v1.5h1.5V8H10Zm-6 3v1.5h1.5V11H4Zm3 0v1.5h1.5V11H7Z"
          />
        </svg>
      </button>
      {/* The browser's calendar, opened by the button; the field above shows what it picks. */}
      <input
        ref={picker}
        type="date"
        className="date-picker-input"
        tabIndex={-1}
        aria-hidden="true"
        value={isoValue}
        onChange={(event) => {
          onChange(event.target.value);
          setText(shown(event.target.value));
        }}
      />
    </span>
  );
}
