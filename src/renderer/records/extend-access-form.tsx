import i18next from 'i18next';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Enrollment } from '../../shared/records';
import { toUiError } from '../data/bridge';
import { formatDate } from '../words/format';
import { useIntoView } from '../components/use-into-view';
import { useUnsavedEdits } from './unsaved-edits';
import { DateField } from './date-field';
import { fromDateInput, nowSeconds, toDateInput } from './field-specs';

/** How access is extended, as the platform takes it (NOTES.md: days, new end date, indefinite). */
export type Extension =
  { kind: 'days'; days: number } | { kind: 'until'; endedAt: number } | { kind: 'lifetime' };

type Kind = Extension['kind'];

/** The most days one extension adds: a hundred years. */
const MAX_DAYS = 36_500;

/**
 * Whether the school refused the new end date (a 422 naming `endedAt`): the only rule the
 * platform sets on it is that it lies in the future, so the form says that on the field.
 */
export function endDateRefused(error: unknown): boolean {
  const { code, details } = toUiError(error);
  return code === 'validation_failed' && details?.fields?.['endedAt'] !== undefined;
}

/**
 * What "By days" counts from, in words: the platform adds the days to the later of today and
 * the current end. Nothing when the school did not say when access ends.
 */
function daysCountFrom(endedAt: number | null | undefined): string | undefined {
  if (typeof endedAt !== 'number') return undefined;
  return endedAt > nowSeconds()
    ? i18next.t('records:enrollments.daysFromEnd', { date: formatDate(endedAt) })
    : i18next.t('records:enrollments.daysFromToday');
}

/** One radio button of the Extend form: how the access is extended. */
function KindChoice(props: {
  group: string;
  kind: Kind;
  current: Kind;
  onChoose: (kind: Kind) => void;
  children: ReactNode;
}) {
  const { group, kind, current, onChoose, children } = props;
  return (
    <label className="checkbox">
      <input type="radio" name={group} checked={kind === current} onChange={() => onChoose(kind)} />
      {children}
    </label>
  );
}

type Props = {
  enrollment: Enrollment;
  courseName: string;
  busy: boolean;
  /** The school's answer to the last extension sent, when it refused it. */
  error: unknown;
  /** The owner changed something: an earlier refusal no longer applies. */
  onEdit: () => void;
  onExtend: (extension: Extension) => void;
};

/**
 * The Extend form of an enrollment: by days (only where access ends: days leave lifetime
 * access as it is), until a date, or for life. A date that is not after today, or a number of
 * days out of range, is marked on its field with what to do, before anything is sent; the
 * school's own refusal of the date is marked on the same field.
 */
export function ExtendAccessForm(props: Props) {
  const { enrollment, courseName, busy, error, onEdit, onExtend } = props;
  const id = useId();
  const { t } = useTranslation('records');
  // The form opens below the row the owner clicked: it comes fully into view.
  const intoView = useIntoView<HTMLFieldSetElement>(true);
  const byDays = enrollment.endedAt !== null;
  const initialKind: Kind = byDays ? 'days' : 'until';
  const [kind, setKind] = useState<Kind>(initialKind);
  const [days, setDays] = useState('30');
  const [until, setUntil] = useState('');
  const [tried, setTried] = useState(false);
  // An extension typed but not applied is an unsaved edit of the record panel.
  useUnsavedEdits(kind !== initialKind || days !== '30' || until !== '');
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onEdit();
    };

  const n = Number(days);
  const daysValid = Number.isInteger(n) && n >= 1 && n <= MAX_DAYS;
  const endedAt = fromDateInput(until);
  // Compared as days in the owner's calendar: today itself is not "after today".
  const afterToday = !!endedAt && until > toDateInput(nowSeconds());
  const chosen: Extension | undefined =
    kind === 'lifetime'
      ? { kind }
      : kind === 'days'
        ? daysValid
          ? { kind, days: n }
          : undefined
        : afterToday && endedAt
          ? { kind, endedAt }
          : undefined;

  // A whole date that is not after today is said at once; an empty or partial one on Extend.
  const dateError =
    kind === 'until' &&
    ((!afterToday && (tried || !!endedAt)) || (endDateRefused(error) && afterToday))
      ? t('enrollments.dateAfterToday')
      : undefined;
  const daysError =
    kind === 'days' && !daysValid && (tried || days.trim() !== '')
      ? t('enrollments.daysRange', { max: MAX_DAYS })
      : undefined;
  const fromText = daysCountFrom(enrollment.endedAt);

  const submit = () => {
    setTried(true);
    if (chosen) onExtend(chosen);
    else document.getElementById(kind === 'days' ? `${id}-days` : `${id}-until`)?.focus();
  };

  return (
    <fieldset ref={intoView} className="extend-form">
      <legend>{t('enrollments.extendLegend', { course: courseName })}</legend>
      {byDays ? (
        <KindChoice group={`${id}-kind`} kind="days" current={kind} onChoose={edit(setKind)}>
          {t('enrollments.byDays')}
        </KindChoice>
      ) : null}
      {kind === 'days' ? (
        <div className="field">
          <label htmlFor={`${id}-days`}>{t('enrollments.daysToAdd')}</label>
          <input
            id={`${id}-days`}
            type="text"
            inputMode="numeric"
            value={days}
            aria-invalid={daysError ? true : undefined}
            aria-describedby={
              [daysError ? `${id}-days-error` : '', fromText ? `${id}-days-hint` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            onChange={(e) => edit(setDays)(e.target.value)}
          />
          {daysError ? (
            <p id={`${id}-days-error`} className="field-error">
              {daysError}
            </p>
          ) : null}
          {fromText ? (
            <p id={`${id}-days-hint`} className="hint">
              {fromText}
            </p>
          ) : null}
        </div>
      ) : null}
      <KindChoice group={`${id}-kind`} kind="until" current={kind} onChoose={edit(setKind)}>
        {t('enrollments.untilDate')}
      </KindChoice>
      {kind === 'until' ? (
        <div className="field">
          <label htmlFor={`${id}-until`}>{t('enrollments.accessUntil')}</label>
          <DateField
            id={`${id}-until`}
            value={until}
            onChange={edit(setUntil)}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-until-error` : undefined}
          />
          {dateError ? (
            <p id={`${id}-until-error`} className="field-error">
              {dateError}
            </p>
          ) : null}
        </div>
      ) : null}
      <KindChoice group={`${id}-kind`} kind="lifetime" current={kind} onChoose={edit(setKind)}>
        {t('enrollments.lifetimeAccess')}
      </KindChoice>
      <div className="actions compact">
        <button type="button" className="primary" disabled={busy} onClick={submit}>
          {t('enrollments.extendAccess')}
        </button>
      </div>
    </fieldset>
  );
}
