import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { Enrollment } from '../../shared/records';
import { bridge, toUiError, unwrap } from '../bridge';
import { entityKeys, recordQuery } from '../entity-queries';
import { SAVED_HERE } from '../outbox-text';
import { showToast } from '../toast-store';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDate } from '../format';
import { fromDateInput, nowSeconds } from './field-specs';

const STATE_WORDS: Record<NonNullable<Enrollment['deliveryState']>, string> = {
  delivered: 'Active',
  group_buying: 'Waiting for a group purchase',
  pre_ordering: 'Pre-ordered',
  expired: 'Expired',
};

type Extension =
  { kind: 'days'; days: number } | { kind: 'until'; endedAt: number } | { kind: 'lifetime' };

type Props = {
  schoolId: string;
  enrollment: Enrollment;
  canWrite: boolean;
  /** The id of the sentence saying why the actions are disabled (offline), if they are. */
  describedBy?: string | undefined;
};

/** When access ends, in words; nothing when the school did not say. */
function accessEnd(endedAt: number | null | undefined): string | undefined {
  if (endedAt === undefined) return undefined;
  if (endedAt === null) return 'Lifetime access';
  return endedAt <= nowSeconds()
    ? `Access ended ${formatDate(endedAt)}`
    : `Access until ${formatDate(endedAt)}`;
}

/** One radio button of the Extend form: how the access is extended. */
function KindChoice(props: {
  group: string;
  kind: Extension['kind'];
  current: Extension['kind'];
  onChoose: (kind: Extension['kind']) => void;
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

/**
 * One of a student's courses: its name, progress, state and access end, with Remove (after
 * confirmation), Expire access and Extend (by days, until a date, or for life).
 */
export function EnrollmentRow({ schoolId, enrollment, canWrite, describedBy }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const course = useQuery(recordQuery(schoolId, 'courses', enrollment.courseId));
  const [confirming, setConfirming] = useState(false);
  const [extending, setExtending] = useState(false);
  const [kind, setKind] = useState<Extension['kind']>('days');
  const [days, setDays] = useState('30');
  const [until, setUntil] = useState('');
  const key = { schoolId, studentId: enrollment.studentId, courseId: enrollment.courseId };
  const courseName = course.data?.record.name ?? (course.isError ? 'A course' : 'Loading…');
  // Progress, state and access end may each be missing (not every school sends them): the row
  // then leaves that part out rather than showing 0% or a guess.
  const rate = enrollment.completionRate;
  const percent = rate === undefined ? undefined : Math.round(Math.min(1, Math.max(0, rate)) * 100);
  const state = enrollment.deliveryState && STATE_WORDS[enrollment.deliveryState];
  const status = [state, accessEnd(enrollment.endedAt)].filter(Boolean).join(' · ');

  const act = useMutation({
    mutationFn: async (action: 'remove' | 'expire' | Extension) => {
      const api = bridge().enrollments;
      if (action === 'remove') return unwrap(await api.remove(key));
      if (action === 'expire') return unwrap(await api.expire(key));
      return unwrap(await api.extend({ ...key, by: action }));
    },
    onSuccess: (answer, action) => {
      setConfirming(false);
      setExtending(false);
      const done =
        action === 'remove'
          ? `Removed from ${courseName}.`
          : action === 'expire'
            ? `Access to ${courseName} expired.`
            : `Access to ${courseName} extended.`;
      showToast(answer.pending ? `${done} ${SAVED_HERE}` : done);
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: entityKeys.enrollments(schoolId, enrollment.studentId),
      }),
  });

  const extension = (): Extension | undefined => {
    if (kind === 'lifetime') return { kind };
    if (kind === 'days') {
      const n = Number(days);
      return Number.isInteger(n) && n >= 1 && n <= 36_500 ? { kind, days: n } : undefined;
    }
    const endedAt = fromDateInput(until);
    return endedAt ? { kind, endedAt } : undefined;
  };
  const chosen = extension();
  const busy = act.isPending;

  return (
    <li className="enrollment" aria-labelledby={`${id}-name`}>
      <div className="enrollment-summary">
        <span id={`${id}-name`} className="enrollment-name">
          {courseName}
        </span>
        {percent === undefined ? null : (
          <span className="enrollment-progress">
            <progress
              id={`${id}-progress`}
              max={100}
              value={percent}
              aria-label={`Progress in ${courseName}`}
            />
            <span>{percent}% complete</span>
          </span>
        )}
        {status ? <span className="hint">{status}</span> : null}
      </div>
      {act.isError ? (
        <p role="alert" className="notice error">
          {toUiError(act.error).message}
        </p>
      ) : null}
      <div className="actions compact">
        <button
          type="button"
          className="secondary"
          disabled={!canWrite || busy}
          aria-describedby={describedBy}
          aria-expanded={extending}
          onClick={() => setExtending((e) => !e)}
        >
          Extend…
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canWrite || busy || enrollment.deliveryState === 'expired'}
          aria-describedby={describedBy}
          onClick={() => act.mutate('expire')}
        >
          Expire access
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canWrite || busy}
          aria-describedby={describedBy}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      </div>
      {extending ? (
        <fieldset className="extend-form">
          <legend>Extend access to {courseName}</legend>
          <KindChoice group={`${id}-kind`} kind="days" current={kind} onChoose={setKind}>
            By days
          </KindChoice>
          {kind === 'days' ? (
            <div className="field">
              <label htmlFor={`${id}-days`}>Days to add</label>
              <input
                id={`${id}-days`}
                type="text"
                inputMode="numeric"
                value={days}
                aria-invalid={chosen ? undefined : true}
                onChange={(e) => setDays(e.target.value)}
              />
            </div>
          ) : null}
          <KindChoice group={`${id}-kind`} kind="until" current={kind} onChoose={setKind}>
            Until a date
          </KindChoice>
          {kind === 'until' ? (
            <div className="field">
              <label htmlFor={`${id}-until`}>Access until</label>
              <input
                id={`${id}-until`}
                type="date"
                value={until}
                onChange={(e) => setUntil(e.target.value)}
              />
            </div>
          ) : null}
          <KindChoice group={`${id}-kind`} kind="lifetime" current={kind} onChoose={setKind}>
            Lifetime access
          </KindChoice>
          <div className="actions compact">
            <button
              type="button"
              className="primary"
              disabled={!chosen || busy}
              onClick={() => chosen && act.mutate(chosen)}
            >
              Extend access
            </button>
          </div>
        </fieldset>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Remove this student from ${courseName}?`}
          confirmLabel="Remove"
          busy={busy}
          {...(act.isError ? { error: toUiError(act.error).message } : {})}
          onConfirm={() => act.mutate('remove')}
          onCancel={() => {
            act.reset();
            setConfirming(false);
          }}
        >
          <p>They lose access to the course and their progress may not come back.</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
