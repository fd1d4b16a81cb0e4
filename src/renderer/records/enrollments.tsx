import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { toUiError } from '../bridge';
import { enrollmentsQuery } from '../entity-queries';
import { EnrollCombobox } from './enroll-combobox';
import { EnrollmentRow } from './enrollment-row';
import { LockedNotice } from './locked-notice';
import { useWriteAccess } from './use-write-access';

/**
 * A student's courses with their progress, and enrolling in another. Changing enrollments
 * needs `students:write`; without it the actions show locked, with "Grant access".
 */
export function Enrollments({ issuer, studentId }: { issuer: string; studentId: string }) {
  const id = useId();
  const query = useQuery(enrollmentsQuery(issuer, studentId));
  const access = useWriteAccess(issuer, 'students');
  const rows = query.data?.rows ?? [];

  return (
    <section className="enrollments" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Enrollments</h3>
      {query.isPending ? (
        <p role="status" className="hint">
          Loading the student’s courses…
        </p>
      ) : query.isError ? (
        <p role="alert" className="notice error">
          {toUiError(query.error).message}
        </p>
      ) : rows.length === 0 ? (
        <p className="hint">Not enrolled in any course yet.</p>
      ) : (
        <ul className="enrollment-list">
          {rows.map((enrollment) => (
            <EnrollmentRow
              key={enrollment.id}
              issuer={issuer}
              enrollment={enrollment}
              canWrite={access.canWrite}
            />
          ))}
        </ul>
      )}
      {access.canWrite ? null : (
        <LockedNotice
          controls="Enroll, Extend, Expire and Remove"
          scope={access.scope}
          asking={access.asking}
          onGrant={() => void access.requestAccess()}
        />
      )}
      <EnrollCombobox issuer={issuer} studentId={studentId} disabled={!access.canWrite} />
    </section>
  );
}
