import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Course } from '../../shared/records';
import { bridge, toUiError, unwrap } from '../bridge';
import { entityKeys, listWindowQuery } from '../entity-queries';
import { showToast } from '../toast-store';

/** The text, once the owner has stopped typing for a moment (fewer list calls). */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = { issuer: string; studentId: string; disabled: boolean };

/**
 * "Enroll in a course": a combobox that finds courses by name as the owner types (arrow keys
 * move through the matches, Enter picks one, Escape closes the list), then an Enroll button.
 */
export function EnrollCombobox({ issuer, studentId, disabled }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<Course>();
  const q = useSettled(text.trim());
  const matches = useQuery({
    ...listWindowQuery(issuer, 'courses', { q }, 0, 10),
    enabled: open && q.length > 0,
  });
  const options = matches.data?.rows ?? [];
  const listId = `${id}-list`;
  const expanded = open && q.length > 0;

  const enroll = useMutation({
    mutationFn: async (course: Course) =>
      unwrap(await bridge().enrollments.enroll({ issuer, studentId, courseId: course.id })),
    onSuccess: (_answer, course) => {
      showToast(`Enrolled in ${course.name}.`);
      setChosen(undefined);
      setText('');
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: entityKeys.enrollments(issuer, studentId) }),
  });

  const pick = (course: Course | undefined) => {
    if (!course) return;
    setChosen(course);
    setText(course.name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only; a second Escape reaches the panel and closes it.
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="enroll">
      <div className="field combobox">
        <label htmlFor={`${id}-input`}>Enroll in a course</label>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && options[active] ? `${id}-opt-${active}` : undefined}
          aria-describedby={`${id}-hint`}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setChosen(undefined);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <p id={`${id}-hint`} className="hint">
          Type part of a course name, then choose it.
        </p>
        <ul id={listId} role="listbox" aria-label="Matching courses" hidden={!expanded}>
          {options.map((course, index) => (
            <li
              key={course.id}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep focus in the input: a mousedown would blur it and close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(course)}
            >
              {course.name} <span className="hint">/{course.slug}</span>
            </li>
          ))}
          {expanded && matches.isSuccess && options.length === 0 ? (
            <li role="option" aria-disabled="true" aria-selected={false}>
              No course matches “{q}”.
            </li>
          ) : null}
        </ul>
        <p role="status" className="hint">
          {expanded && matches.isFetching ? 'Searching…' : ''}
        </p>
      </div>
      <button
        type="button"
        className="primary"
        disabled={disabled || !chosen || enroll.isPending}
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
