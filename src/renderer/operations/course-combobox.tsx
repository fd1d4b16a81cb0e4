import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Course } from '../../shared/records';
import { toUiError } from '../bridge';
import { listWindowQuery } from '../entity-queries';

type Props = {
  issuer: string;
  label: string;
  selected: Course | null;
  onSelect: (course: Course | null) => void;
};

/** How many courses the list under the box offers at once. */
const OPTIONS = 10;
/** Wait this long after the last keystroke before searching. */
const DEBOUNCE_MS = 250;

/**
 * A search box over the school's courses with a list of matches under it (the ARIA 1.2
 * combobox pattern): type to search, Up and Down to move, Enter to choose, Escape to close the
 * list. The search runs on `courses:list` with the server's own `q`.
 */
export function CourseCombobox({ issuer, label, selected, onSelect }: Props) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState(selected?.name ?? '');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  // -1: no option is active until the owner moves into the list (ARIA combobox pattern).
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery({
    ...listWindowQuery(issuer, 'courses', q ? { q } : {}, 0, OPTIONS),
    enabled: open,
  });
  const options = query.data?.rows ?? [];
  const activeOption = open ? options[active] : undefined;

  const choose = (course: Course) => {
    onSelect(course);
    setText(course.name);
    setOpen(false);
  };

  return (
    <div className="field combobox">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
          if (selected) onSelect(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((i) => Math.max(0, Math.min(options.length - 1, i + step)));
          } else if (e.key === 'Enter' && activeOption) {
            e.preventDefault();
            choose(activeOption);
          } else if (e.key === 'Escape' && open) {
            // Closing the list is this Escape's job; the dialog must not close as well.
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={`${label}: matches`} hidden={!open}>
        {options.map((course, index) => (
          <li
            key={course.id}
            id={`${listId}-${course.id}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(course);
            }}
          >
            {course.name} <span className="hint">{course.slug}</span>
          </li>
        ))}
        {open && query.isSuccess && options.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected="false" className="hint">
            No course matches “{q}”.
          </li>
        ) : null}
      </ul>
      <p className="hint" role="status">
        {open && query.isFetching ? 'Searching…' : ''}
        {query.isError ? toUiError(query.error).message : ''}
        {selected ? `Chosen: ${selected.name}` : ''}
      </p>
    </div>
  );
}
