import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Enrollment } from '../../shared/records';
import { bridge, unwrap } from '../data/bridge';
import { errorText } from '../words/error-text';
import { entityKeys, recordQuery } from '../data/entity-queries';
import { showToast } from '../toast-store';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDate, formatPercent } from '../words/format';
import { ExtendAccessForm, endDateRefused, type Extension } from './extend-access-form';
import { nowSeconds } from './field-specs';
import { savedHereText, twoSentences } from '../words/record-words';

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
  if (endedAt === null) return i18next.t('records:enrollments.lifetime');
  const date = formatDate(endedAt);
  return endedAt <= nowSeconds()
    ? i18next.t('records:enrollments.ended', { date })
    : i18next.t('records:enrollments.until', { date });
}

/** The changes of a row that ask first: they cannot be taken back from here as they were. */
type Confirming = 'remove' | 'expire';

/**
 * One of a student's courses: its name, progress, state and access end, with Remove
 * enrollment and Expire access (each after a confirmation: neither has an undo, since the
 * platform keeps no record of the access it ended) and Extend (by days, until a date, or for
 * life).
 */
export function EnrollmentRow({ schoolId, enrollment, canWrite, describedBy }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const { t } = useTranslation('records');
  const course = useQuery(recordQuery(schoolId, 'courses', enrollment.courseId));
  const [confirming, setConfirming] = useState<Confirming>();
  const [extending, setExtending] = useState(false);
  const key = { schoolId, studentId: enrollment.studentId, courseId: enrollment.courseId };
  const courseName =
    course.data?.record.name ??
    (course.isError ? t('enrollments.aCourse') : t('enrollments.loadingCourse'));
  // Progress, state and access end may each be missing (not every school sends them): the row
  // then leaves that part out rather than showing 0% or a guess.
  const rate = enrollment.completionRate;
  const percent = rate === undefined ? undefined : Math.round(Math.min(1, Math.max(0, rate)) * 100);
  const state = enrollment.deliveryState && t(`enrollments.state.${enrollment.deliveryState}`);
  const status = [state, accessEnd(enrollment.endedAt)].filter(Boolean).join(' · ');

  const act = useMutation({
    mutationFn: async (action: 'remove' | 'expire' | Extension) => {
      const api = bridge().enrollments;
      if (action === 'remove') return unwrap(await api.remove(key));
      if (action === 'expire') return unwrap(await api.expire(key));
      return unwrap(await api.extend({ ...key, by: action }));
    },
    onSuccess: (answer, action) => {
      setConfirming(undefined);
      setExtending(false);
      const course = { course: courseName };
      const done =
        action === 'remove'
          ? t('enrollments.removed', course)
          : action === 'expire'
            ? t('enrollments.expired', course)
            : t('enrollments.extended', course);
      showToast(answer.pending ? twoSentences(done, savedHereText()) : done);
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: entityKeys.enrollments(schoolId, enrollment.studentId),
      }),
  });

  const busy = act.isPending;
  // The school refused the new end date: the Extend form says so on its field.
  const refusedDate = extending && act.isError && endDateRefused(act.error);

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
              aria-label={t('enrollments.progress', { course: courseName })}
            />
            <span>{t('enrollments.complete', { percent: formatPercent(percent) })}</span>
          </span>
        )}
        {status ? <span className="hint">{status}</span> : null}
      </div>
      {act.isError && !confirming && !refusedDate ? (
        <p role="alert" className="notice error">
          {errorText(act.error)}
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
          {t('enrollments.extend')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canWrite || busy || enrollment.deliveryState === 'expired'}
          aria-describedby={describedBy}
          onClick={() => setConfirming('expire')}
        >
          {t('enrollments.expire')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canWrite || busy}
          aria-describedby={describedBy}
          onClick={() => setConfirming('remove')}
        >
          {t('enrollments.remove')}
        </button>
      </div>
      {extending ? (
        <ExtendAccessForm
          enrollment={enrollment}
          courseName={courseName}
          busy={busy}
          error={refusedDate ? act.error : undefined}
          onEdit={() => {
            if (act.isError) act.reset();
          }}
          onExtend={(extension) => act.mutate(extension)}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={
            confirming === 'remove'
              ? t('enrollments.removeTitle', { course: courseName })
              : t('enrollments.expireTitle', { course: courseName })
          }
          confirmLabel={confirming === 'remove' ? t('enrollments.remove') : t('enrollments.expire')}
          busy={busy}
          {...(act.isError ? { error: errorText(act.error) } : {})}
          onConfirm={() => act.mutate(confirming)}
          onCancel={() => {
            act.reset();
            setConfirming(undefined);
          }}
        >
          <p>
            {confirming === 'remove' ? t('enrollments.removeBody') : t('enrollments.expireBody')}
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
