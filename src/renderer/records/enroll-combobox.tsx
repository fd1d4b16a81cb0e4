import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Course } from '../../shared/records';
import { bridge, toUiError, unwrap } from '../bridge';
import { CourseCombobox } from '../components/course-combobox';
import { entityKeys } from '../entity-queries';
import { SAVED_HERE } from '../outbox-text';
import { showToast } from '../toast-store';

type Props = {
  schoolId: string;
  studentId: string;
  disabled: boolean;
  /** The id of the sentence saying why Enroll is disabled (offline), if it is. */
  describedBy?: string | undefined;
};

/**
 * "Enroll in a course": a combobox that finds courses by name as the owner types, then an
 * Enroll button.
 */
export function EnrollCombobox({ schoolId, studentId, disabled, describedBy }: Props) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Course | null>(null);
  // A new key remounts the combobox, which empties it after an enrollment.
  const [round, setRound] = useState(0);

  const enroll = useMutation({
    mutationFn: async (course: Course) =>
      unwrap(await bridge().enrollments.enroll({ schoolId, studentId, courseId: course.id })),
    onSuccess: (answer, course) => {
      showToast(
        answer.pending
          ? `Enrolled in ${course.name}. ${SAVED_HERE}`
          : `Enrolled in ${course.name}.`,
      );
      setChosen(null);
      setRound((r) => r + 1);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: entityKeys.enrollments(schoolId, studentId) }),
  });

  return (
    <div className="enroll">
      <CourseCombobox
        key={round}
        schoolId={schoolId}
        label="Enroll in a course"
        listLabel="Matching courses"
        hint="Type part of a course name, then choose it."
        selected={chosen}
        onSelect={setChosen}
        disabled={disabled}
      />
      <button
        type="button"
        className="primary"
        disabled={disabled || !chosen || enroll.isPending}
        aria-describedby={describedBy}
        onClick={() => chosen && enroll.mutate(chosen)}
      >
        {chosen ? `Enroll in ${chosen.name}` : 'Enroll'}
      </button>
      {enroll.isError ? (
        <p role="alert" className="notice error">
          {toUiError(enroll.error).message}
        </p>
      ) : null}
    </div>
  );
}
