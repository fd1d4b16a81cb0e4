import { useQuery } from '@tanstack/react-query';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineNotice } from '../sync/offline-notice';
import { enrollmentsQuery } from '../data/entity-queries';
import { errorSentence } from '../words/offline-errors';
import { EnrollCombobox } from './enroll-combobox';
import { EnrollmentRow } from './enrollment-row';
import { LockedNotice } from '../step-up/locked-notice';
import { useWriteAccess } from '../step-up/use-write-access';

/**
 * A student's courses with their progress, and enrolling in another. Changing enrollments
 * needs `students:write`; without it the actions show locked, with "Grant access". While the
 * school cannot be reached they still work: the changes wait in the outbox, as the note says.
 * Memoised: saving the student draws the panel again with the record's new version, which
 * leaves its enrollments, and the catalog words of each of their rows, as they were.
 */
export const Enrollments = memo(function Enrollments({
  schoolId,
  studentId,
}: {
  schoolId: string;
  studentId: string;
}) {
  const id = useId();
  const { t } = useTranslation('records');
  const query = useQuery(enrollmentsQuery(schoolId, studentId));
  const access = useWriteAccess(schoolId, 'students');
  const rows = query.data?.rows ?? [];
  // Enrollments the school sent malformed are left out; say so rather than hide them.
  const unreadable = query.data?.unreadable ?? 0;
  const canChange = access.canWrite;
  const offlineNote = access.offline ? `${id}-offline` : undefined;

  return (
    <section className="enrollments" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('enrollments.heading')}</h3>
      {query.isPending ? (
        <p role="status" className="hint">
          {t('enrollments.loading')}
        </p>
      ) : query.isError ? (
        <p role="alert" className="notice error">
          {errorSentence(query.error, 'enrollments')}
        </p>
      ) : rows.length === 0 ? (
        unreadable > 0 ? null : (
          <p className="hint">{t('enrollments.none')}</p>
        )
      ) : (
        <ul className="enrollment-list">
          {rows.map((enrollment) => (
            <EnrollmentRow
              key={enrollment.id}
              schoolId={schoolId}
              enrollment={enrollment}
              canWrite={canChange}
              describedBy={offlineNote}
            />
          ))}
        </ul>
      )}
      {unreadable > 0 ? (
        <p className="hint">{t('enrollments.unreadable', { count: unreadable })}</p>
      ) : null}
      {access.canWrite ? null : (
        <LockedNotice
          controls={t('enrollments.locked')}
          scope={access.scope}
          asking={access.asking}
          onGrant={() => void access.requestAccess()}
        />
      )}
      {offlineNote ? (
        <OfflineNotice id={offlineNote}>{t('enrollments.offline')}</OfflineNotice>
      ) : null}
      <EnrollCombobox
        schoolId={schoolId}
        studentId={studentId}
        disabled={!canChange}
        describedBy={offlineNote}
      />
    </section>
  );
});
