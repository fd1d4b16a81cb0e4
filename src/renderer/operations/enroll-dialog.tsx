import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Course } from '../../shared/records';
import type { JobOutcome } from '../../shared/workspace-contract';
import { bridge, toUiError, unwrap, type UiError } from '../data/bridge';
import { entityKeys } from '../data/entity-queries';
import { endOfDay } from './coupon-generation';
import { CourseCombobox } from '../records/course-combobox';
import { JobProgress, JobResults, rowReason } from './job-progress';
import { OperationDialog } from './operation-dialog';
import { OfflineNotice, useOfflineNote } from '../sync/offline-notice';
import { OperationError } from './operation-error';
import { useJob } from './use-job';

/** What the operation needs; offered through step-up when the session lacks it. */
const WRITE_STUDENTS = ['students:write'];

type Props = {
  schoolId: string;
  /** The ticked students, id → name: the report names a student rather than an id. */
  students: ReadonlyMap<string, string>;
  onClose: () => void;
};

/** The contract's ceiling for one bulk enroll. */
const MAX_STUDENTS = 10_000;

/**
 * Gives the students ticked in the list access to one course, with lifetime access or until a
 * date. Enrolling is idempotent on the platform, so a student already in the course is
 * reported as such rather than enrolled twice.
 */
export function EnrollDialog({ schoolId, students, onClose }: Props) {
  const { t } = useTranslation('operations');
  const studentIds = [...students.keys()];
  const queryClient = useQueryClient();
  const job = useJob();
  const { offline, noteId } = useOfflineNote(schoolId);
  const dateId = useId();
  const [course, setCourse] = useState<Course | null>(null);
  const [until, setUntil] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [outcome, setOutcome] = useState<JobOutcome | null>(null);

  const [dateError, setDateError] = useState<string | undefined>();
  const tooMany =
    studentIds.length > MAX_STUDENTS ? t('enroll.tooMany', { max: MAX_STUDENTS }) : undefined;
  const courseError = submitted && !course ? t('enroll.chooseCourse') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const endedAt = until ? endOfDay(until) : null;
    const badDate = Boolean(until) && (endedAt === null || endedAt * 1000 < Date.now());
    setDateError(badDate ? t('enroll.badDate') : undefined);
    if (!course || badDate || tooMany) return;
    setError(null);
    try {
      setOutcome(
        await job.start(
          async (jobId) =>
            unwrap(
              await bridge().enrollments.bulkEnroll({
                schoolId,
                jobId,
                courseId: course.id,
                studentIds: [...studentIds],
                endedAt,
              }),
            ),
          studentIds.length,
        ),
      );
    } catch (e) {
      setError(toUiError(e));
    } finally {
      // Each student's enrollments may have changed.
      void queryClient.invalidateQueries({ queryKey: entityKeys.all(schoolId, 'students') });
    }
  };

  return (
    <OperationDialog
      title={t('enroll.title', { count: studentIds.length })}
      onClose={onClose}
      job={job}
      operation={t('operation.enroll')}
      dirty={!outcome && (course !== null || until !== '')}
    >
      {!job.running && !outcome ? (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <CourseCombobox
            schoolId={schoolId}
            label={t('enroll.course')}
            selected={course}
            onSelect={setCourse}
            browse
          />
          {courseError ? <p className="field-error">{courseError}</p> : null}
          <div className="field">
            <label htmlFor={dateId}>{t('enroll.until')}</label>
            <input
              id={dateId}
              type="date"
              value={until}
              aria-invalid={Boolean(dateError)}
              aria-describedby={`${dateId}-hint`}
              onChange={(e) => {
                setUntil(e.target.value);
                setDateError(undefined);
              }}
            />
            <p id={`${dateId}-hint`} className="hint">
              {dateError ?? t('enroll.lifetime')}
            </p>
          </div>
          {tooMany ? (
            <p role="alert" className="notice error">
              {tooMany}
            </p>
          ) : null}
          {noteId ? <OfflineNotice id={noteId} /> : null}
          <div className="actions">
            <button type="submit" className="primary" disabled={offline} aria-describedby={noteId}>
              {course
                ? t('enroll.submitIn', { count: studentIds.length, course: course.name })
                : t('enroll.submit')}
            </button>
          </div>
        </form>
      ) : null}
      {job.running ? <JobProgress job={job} unit="students" label={t('enroll.progress')} /> : null}
      <OperationError error={error} scopes={WRITE_STUDENTS} />
      {outcome ? (
        <>
          <JobResults
            heading={t('enroll.finished')}
            rowNoun={t('enroll.rowNoun')}
            status={outcome.status}
            outcomeWords={{
              created: t('enroll.created'),
              existing: t('enroll.existing'),
              updated: t('enroll.updated'),
            }}
            rows={outcome.results.map((r) => ({
              row: r.index + 1,
              outcome: r.outcome,
              // Main labels a row by student id; the list knew the name.
              label: students.get(r.label) ?? r.label,
              ...(r.code || r.message ? { message: rowReason(r) } : {}),
            }))}
          />
          <div className="actions">
            <button type="button" className="primary" onClick={onClose}>
              {t('dialog.done')}
            </button>
          </div>
        </>
      ) : null}
    </OperationDialog>
  );
}
