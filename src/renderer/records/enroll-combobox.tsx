import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Course } from '../../shared/records';
import { bridge, unwrap } from '../data/bridge';
import { errorText } from '../words/error-text';
import { CourseCombobox } from './course-combobox';
import { entityKeys } from '../data/entity-queries';
import { showToast } from '../toast-store';
import { savedHereText, twoSentences } from '../words/record-words';

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
  const { t } = useTranslation('records');
  const [chosen, setChosen] = useState<Course | null>(null);
  // A new key remounts the combobox, which empties it after an enrollment.
  const [round, setRound] = useState(0);

  const enroll = useMutation({
    mutationFn: async (course: Course) =>
      unwrap(await bridge().enrollments.enroll({ schoolId, studentId, courseId: course.id })),
    onSuccess: (answer, course) => {
      const done = t('enrollments.enrolled', { course: course.name });
      showToast(answer.pending ? twoSentences(done, savedHereText()) : done);
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
        label={t('enrollments.enrollLabel')}
        listLabel={t('enrollments.matching')}
        hint={t('enrollments.enrollHint')}
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
        {chosen ? t('enrollments.enrollIn', { course: chosen.name }) : t('enrollments.enroll')}
      </button>
      {enroll.isError ? (
        <p role="alert" className="notice error">
          {errorText(enroll.error)}
        </p>
      ) : null}
    </div>
  );
}
