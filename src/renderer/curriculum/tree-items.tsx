import { memo, useEffect, useRef, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lecture, Section } from '../../shared/curriculum/curriculum-shape';
import type { Drop, Place } from './curriculum-edits';
import { runsOf } from './use-tree-window';
import { durationWords, itemTitle, sectionSummary } from './curriculum-words';

/** What every row asks of the tree; one stable object, so unchanged rows do not re-render. */
export type TreeActions = {
  select: (place: Place) => void;
  toggle: (section: number) => void;
  commitRename: (place: Place, title: string) => void;
  cancelRename: () => void;
  dragStart: (place: Place) => void;
  dragOver: (drop: Drop) => void;
  drop: (drop: Drop) => void;
  dragEnd: () => void;
};

/** The key of an item's element (`data-place`), by which focus finds it. */
export const placeKey = (place: Place) =>
  place.lecture === undefined ? `${place.section}` : `${place.section}.${place.lecture}`;

/**
 * Whether a row's props are unchanged: places are compared by value, since the tree makes a
 * new place object for every row it draws; everything else by identity. Without it a focus
 * move would draw all 1,220 rows of a 20 × 60 curriculum again.
 */
function sameRow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => {
      if (key === 'place') return placeKey(a[key] as Place) === placeKey(b[key] as Place);
      if (key === 'dropLecture') return JSON.stringify(a[key]) === JSON.stringify(b[key]);
      return Object.is(a[key], b[key]);
    })
  );
}

/** Where in the row the pointer is: its upper half drops before, its lower half after. */
function dropWhere(event: DragEvent<HTMLElement>): 'before' | 'after' {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
}

/** The Title field that replaces an item's title while it is renamed. */
function RenameField(props: { title: string; place: Place; actions: TreeActions }) {
  const { t } = useTranslation('curriculum');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter must not submit the course's form, nor Escape close its panel.
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      props.actions.commitRename(props.place, event.currentTarget.value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.actions.cancelRename();
    }
  };
  return (
    <input
      ref={ref}
      className="tree-rename"
      aria-label={t('title')}
      defaultValue={props.title}
      onKeyDown={onKeyDown}
      onBlur={(event) => props.actions.commitRename(props.place, event.currentTarget.value)}
    />
  );
}

type RowProps = {
  place: Place;
  selected: boolean;
  focusable: boolean;
  renaming: boolean;
  draggable: boolean;
  dropAt: Drop['where'] | undefined;
  actions: TreeActions;
  idBase: string;
};

function dragHandlers(props: RowProps, inside: boolean) {
  const { place, actions } = props;
  return {
    draggable: props.draggable,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.stopPropagation();
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', placeKey(place));
      actions.dragStart(place);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      event.stopPropagation();
      actions.dragOver({ target: place, where: inside ? 'inside' : dropWhere(event) });
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      event.stopPropagation();
      actions.drop({ target: place, where: inside ? 'inside' : dropWhere(event) });
    },
    onDragEnd: () => actions.dragEnd(),
  };
}

/** One lecture: its title, its running time and a "Preview" mark. */
export const LectureItem = memo(function LectureItem(
  props: RowProps & { lecture: Lecture; position: number; count: number },
) {
  const { t } = useTranslation('curriculum');
  const { lecture, place, selected, idBase } = props;
  const key = placeKey(place);
  const title = itemTitle(lecture);
  const seconds = typeof lecture.durationSeconds === 'number' ? lecture.durationSeconds : 0;
  return (
    <li
      role="treeitem"
      aria-level={2}
      aria-setsize={props.count}
      aria-posinset={props.position}
      aria-selected={selected}
      aria-labelledby={`${idBase}-t${key} ${idBase}-d${key}`}
      tabIndex={props.focusable ? 0 : -1}
      data-place={key}
      className={`tree-item lecture${props.dropAt ? ` drop-${props.dropAt}` : ''}`}
      onClick={(event) => {
        event.stopPropagation();
        props.actions.select(place);
      }}
      // Selection follows focus (Tab into the tree selects the item it lands on).
      onFocus={(event) => {
        if (event.target === event.currentTarget && !props.selected) props.actions.select(place);
      }}
      {...dragHandlers(props, false)}
    >
      <span className="tree-row">
        {props.renaming ? (
          <RenameField title={title} place={place} actions={props.actions} />
        ) : (
          <span id={`${idBase}-t${key}`} className="tree-title">
            {title}
          </span>
        )}
        <span id={`${idBase}-d${key}`} className="tree-details">
          {lecture.preview === true ? <span className="tree-mark">{t('preview')}</span> : null}
          {seconds > 0 ? <span>{durationWords(seconds)}</span> : null}
        </span>
      </span>
    </li>
  );
}, sameRow);

/** One section: its title, its lecture count and running time, and its lectures below. */
export const SectionItem = memo(function SectionItem(
  props: RowProps & {
    section: Section;
    count: number;
    expanded: boolean;
    /** The selected lecture of this section, if any (so other sections do not re-render). */
    selectedLecture: number | undefined;
    focusLecture: number | undefined;
    renamingLecture: number | undefined;
    dropLecture: { lecture: number; where: Drop['where'] } | undefined;
    /** The lectures drawn, as runs (use-tree-window.ts); the others are spacers. */
    lectureRuns: string;
    rowPx: number;
  },
) {
  const { section, place, idBase, expanded } = props;
  const key = placeKey(place);
  const lectures = section.lectures ?? [];
  return (
    <li
      role="treeitem"
      aria-level={1}
      aria-setsize={props.count}
      aria-posinset={place.section + 1}
      aria-expanded={expanded}
      aria-selected={props.selected}
      aria-labelledby={`${idBase}-t${key} ${idBase}-d${key}`}
      tabIndex={props.focusable ? 0 : -1}
      data-place={key}
      className="tree-item section"
      onClick={() => props.actions.select(place)}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !props.selected) props.actions.select(place);
      }}
    >
      <span
        className={`tree-row${props.dropAt ? ` drop-${props.dropAt}` : ''}`}
        {...dragHandlers(props, false)}
      >
        <span
          className={`tree-twisty${expanded ? ' open' : ''}`}
          aria-hidden="true"
          onClick={(event) => {
            event.stopPropagation();
            props.actions.toggle(place.section);
          }}
        ></span>
        {props.renaming ? (
          <RenameField title={itemTitle(section)} place={place} actions={props.actions} />
        ) : (
          <span id={`${idBase}-t${key}`} className="tree-title">
            {itemTitle(section)}
          </span>
        )}
        <span id={`${idBase}-d${key}`} className="tree-details">
          {sectionSummary(section)}
        </span>
      </span>
      {expanded ? (
        <ul role="group">
          {(() => {
            const drawn: ReactNode[] = [];
            let next = 0;
            const spacer = (from: number, to: number) => (
              <li
                key={`gap${from}`}
                role="none"
                className="tree-gap"
                style={{ height: (to - from) * props.rowPx }}
              />
            );
            for (const [from, to] of runsOf(props.lectureRuns)) {
              if (from > next) drawn.push(spacer(next, from));
              for (let at = from; at < to; at += 1) {
                const lecture = lectures[at]!;
                drawn.push(
                  <LectureItem
                    key={typeof lecture.id === 'string' ? lecture.id : `@${at}`}
                    lecture={lecture}
                    place={{ section: place.section, lecture: at }}
                    position={at + 1}
                    count={lectures.length}
                    selected={props.selectedLecture === at}
                    focusable={props.focusLecture === at}
                    renaming={props.renamingLecture === at}
                    draggable={props.draggable}
                    dropAt={props.dropLecture?.lecture === at ? props.dropLecture.where : undefined}
                    actions={props.actions}
                    idBase={idBase}
                  />,
                );
              }
              next = to;
            }
            if (lectures.length > next) drawn.push(spacer(next, lectures.length));
            return drawn;
          })()}
        </ul>
      ) : null}
    </li>
  );
}, sameRow);
