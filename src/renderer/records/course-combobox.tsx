import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchText } from '../../shared/list-rules';
import type { Course } from '../../shared/records';
import { errorText } from '../words/error-text';
import { listWindowQuery } from '../data/entity-queries';
import { useIntoView } from '../components/use-into-view';

type Props = {
  schoolId: string;
  /** The box's accessible name, shown as its label. */
  label: string;
  selected: Course | null;
  onSelect: (course: Course | null) => void;
  disabled?: boolean;
  /** A line under the box that describes it. */
  hint?: string;
  /** The list's accessible name; "<label>: matches" unless given. */
  listLabel?: string;
  /**
   * Offer the first courses as soon as the box has focus, before anything is typed. Without
   * it the list opens once there is text to search for.
   */
  browse?: boolean;
};

/** How many courses the list under the box offers at once. */
const OPTIONS = 10;
/** Wait this long after the last keystroke before searching (fewer list calls). */
const DEBOUNCE_MS = 250;

/**
 * A search box over the school's courses with a list of matches under it (the ARIA 1.2
 * combobox pattern): type to search, Up and Down to move, Enter to choose, Escape to close the
 * list. The search runs on `courses:list` with the server's own `q`. Remount it (a new `key`)
 * to empty the box.
 */
export function CourseCombobox(props: Props) {
  const { schoolId, label, selected, onSelect, disabled, hint, listLabel, browse = false } = props;
  const inputId = useId();
  const listId = useId();
  const hintId = `${inputId}-hint`;
  const { t } = useTranslation(['shell', 'common']);
  const [text, setText] = useState(selected?.name ?? '');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  // -1: no option is active until the owner moves into the list (ARIA combobox pattern).
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setQ(searchText(text) ?? ''), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const expanded = open && (browse || q.length > 0);
  const query = useQuery({
    ...listWindowQuery(schoolId, 'courses', q ? { q } : {}, 0, OPTIONS),
    enabled: expanded,
  });
  const options = query.data?.rows ?? [];
  const activeOption = expanded ? options[active] : undefined;
  const listRef = useIntoView<HTMLUListElement>(expanded, options.length);

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
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        aria-describedby={hint ? hintId : undefined}
        autoComplete="off"
        disabled={disabled}
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
          } else if (e.key === 'Escape' && expanded) {
            // Closing the list is this Escape's job; the dialog or panel around it must not
            // close as well (a second Escape reaches them).
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={listLabel ?? t('combobox.matches', { label })}
        hidden={!expanded}
      >
        {options.map((course, index) => (
          <li
            key={course.id}
            id={`${listId}-${course.id}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(course);
            }}
          >
            {course.name} <span className="hint">/{course.slug}</span>
          </li>
        ))}
        {expanded && query.isSuccess && options.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected="false" className="hint">
            {t('combobox.noMatch', { text: q })}
          </li>
        ) : null}
      </ul>
      <p className="hint" role="status">
        {expanded && query.isFetching ? t('common:searching') : ''}
        {query.isError ? errorText(query.error) : ''}
        {selected ? t('combobox.chosen', { name: selected.name }) : ''}
      </p>
    </div>
  );
}
