import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOutcome } from '../../shared/workspace-contract';
import { bridge, toUiError, unwrap, type UiError } from '../data/bridge';
import { entityKeys } from '../data/entity-queries';
import { currencyChoices, currencyLabel } from '../records/currencies';
import {
  EMPTY_GENERATE_FORM,
  MAX_GENERATE,
  checkGenerateForm,
  type GenerateForm,
} from './coupon-generation';
import { JobProgress, JobResults, rowReason } from './job-progress';
import { OperationDialog } from './operation-dialog';
import { OfflineNotice, useOfflineNote } from '../sync/offline-notice';
import { OperationError } from './operation-error';
import { useJob } from './use-job';

type Props = { schoolId: string; onClose: () => void };
type Key = keyof GenerateForm;

/** What generating needs; offered through step-up when the session lacks it. */
const WRITE_COUPONS = ['coupons:write'];

/**
 * Bulk-generate coupon codes from a pattern: `#` becomes a random letter or digit, main makes
 * sure every code is new. The form is checked as the owner types; the results list the codes
 * made (ready to copy) and any that failed. The currency is chosen as in the coupon form
 * (records/currencies.ts); a percentage coupon asks for none.
 */
export function GenerateDialog({ schoolId, onClose }: Props) {
  const { t, i18n } = useTranslation('operations');
  const queryClient = useQueryClient();
  const job = useJob();
  const { offline, noteId } = useOfflineNote(schoolId);
  const [form, setForm] = useState<GenerateForm>(EMPTY_GENERATE_FORM);
  const [touched, setTouched] = useState<ReadonlySet<Key>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [outcome, setOutcome] = useState<JobOutcome | null>(null);
  const { errors, request } = checkGenerateForm(form);
  const shown = (key: Key) => (submitted || touched.has(key) ? errors[key] : undefined);

  const set = <K extends Key>(key: K, value: GenerateForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setTouched((t) => new Set(t).add(key));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!request) return;
    setError(null);
    try {
      setOutcome(
        await job.start(
          async (jobId) => unwrap(await bridge().coupons.generate({ schoolId, jobId, ...request })),
          request.count,
        ),
      );
    } catch (e) {
      setError(toUiError(e));
    } finally {
      void queryClient.invalidateQueries({ queryKey: entityKeys.lists(schoolId, 'coupons') });
    }
  };

  const field = (
    key: Key,
    label: string,
    input: (props: FieldProps) => ReactNode,
    hint?: string,
  ) => (
    <Field key={key} label={label} error={shown(key)} hint={hint}>
      {input}
    </Field>
  );
  const text =
    (key: Exclude<Key, 'active' | 'couponType'>, type = 'text') =>
    (props: FieldProps) => (
      <input {...props} type={type} value={form[key]} onChange={(e) => set(key, e.target.value)} />
    );

  const count = Number(form.count);
  const inputs = {
    count: text('count', 'number'),
    amount: text('amount', 'number'),
    expiresOn: text('expiresOn', 'date'),
  };
  const couponTypes = [
    { value: 'fixed_amount', label: t('generate.fixed') },
    { value: 'percentage', label: t('generate.percentage') },
  ] as const;
  return (
    <OperationDialog
      title={t('generate.title')}
      onClose={onClose}
      job={job}
      operation={t('operation.generate')}
      dirty={!outcome && touched.size > 0}
    >
      {!job.running && !outcome ? (
        <form className="generate-form" noValidate onSubmit={(e) => void submit(e)}>
          {field(
            'count',
            t('generate.count'),
            inputs.count,
            t('generate.countHint', { max: MAX_GENERATE }),
          )}
          {field('pattern', t('generate.pattern'), text('pattern'), t('generate.patternHint'))}
          {field('name', t('generate.name'), text('name'), t('generate.nameHint'))}
          {field('couponType', t('generate.type'), (props) => (
            <select
              {...props}
              value={form.couponType}
              onChange={(e) => set('couponType', e.target.value as GenerateForm['couponType'])}
            >
              {couponTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          ))}
          {field(
            'amount',
            form.couponType === 'percentage' ? t('generate.percentOff') : t('generate.amountOff'),
            inputs.amount,
          )}
          {/* A percentage is of any price, in any currency: it has none of its own. */}
          {form.couponType === 'percentage'
            ? null
            : field('currency', t('generate.currency'), (props) => (
                <select
                  {...props}
                  value={form.currency}
                  onChange={(e) => set('currency', e.target.value)}
                >
                  {currencyChoices(form.currency).map((code) => (
                    <option key={code} value={code}>
                      {currencyLabel(code, i18n.language)}
                    </option>
                  ))}
                </select>
              ))}
          {field('expiresOn', t('generate.expires'), inputs.expiresOn, t('generate.expiresHint'))}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.active}
              onChange={(e) => set('active', e.target.checked)}
            />
            {t('generate.active')}
          </label>
          {noteId ? <OfflineNotice id={noteId} /> : null}
          <div className="actions">
            <button type="submit" className="primary" disabled={offline} aria-describedby={noteId}>
              {Number.isInteger(count) && count >= 1 && count <= MAX_GENERATE
                ? t('generate.submitCount', { count })
                : t('generate.submit')}
            </button>
          </div>
          {submitted && !request ? (
            <p role="alert" className="field-error">
              {t('generate.fixFirst')}
            </p>
          ) : null}
        </form>
      ) : null}
      {job.running ? <JobProgress job={job} unit="codes" label={t('generate.progress')} /> : null}
      <OperationError error={error} scopes={WRITE_COUPONS} />
      {outcome ? <GenerateResults outcome={outcome} onClose={onClose} /> : null}
    </OperationDialog>
  );
}

type FieldProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

/** A labelled field with its hint and, once there is one, its error. */
function Field(props: {
  label: string;
  error: string | undefined;
  hint: string | undefined;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        'aria-invalid': Boolean(props.error),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {props.hint ? (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The codes made, in a box the owner can copy from, and the failures below. */
function GenerateResults({ outcome, onClose }: { outcome: JobOutcome; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const codesId = useId();
  const [copied, setCopied] = useState('');
  const codes = outcome.results.filter((r) => r.outcome === 'created').map((r) => r.label);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(t('generate.copied', { count: codes.length }));
    } catch {
      setCopied(t('generate.copyFailed'));
    }
  };
  return (
    <>
      <JobResults
        heading={t('generate.finished')}
        rowNoun={t('generate.rowNoun')}
        status={outcome.status}
        rows={outcome.results.map((r) => ({
          row: r.index + 1,
          outcome: r.outcome,
          label: r.label,
          ...(r.code || r.message ? { message: rowReason(r) } : {}),
        }))}
      />
      {codes.length > 0 ? (
        <div className="field">
          <label htmlFor={codesId}>{t('generate.created')}</label>
          <textarea
            id={codesId}
            className="created-codes"
            readOnly
            rows={Math.min(codes.length, 8)}
            value={codes.join('\n')}
          />
        </div>
      ) : null}
      <div className="actions">
        {codes.length > 0 ? (
          <button type="button" className="secondary" onClick={() => void copy()}>
            {t('generate.copy')}
          </button>
        ) : null}
        <button type="button" className="primary" onClick={onClose}>
          {t('dialog.done')}
        </button>
      </div>
      <p role="status" className="hint">
        {copied}
      </p>
    </>
  );
}
