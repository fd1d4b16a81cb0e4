import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import { CURRICULUM_LIMITS } from '../../shared/curriculum/curriculum-fields';
import { ConfirmDialog } from '../components/confirm-dialog';
import {
  addLecture,
  addSection,
  itemAt,
  move,
  moveTo,
  remove,
  rename,
  type Drop,
  type Edited,
  type Place,
} from './curriculum-edits';
import { courseSummary, itemTitle } from './curriculum-words';
import { placeKey, SectionItem, type TreeActions } from './tree-items';
import { drawnRuns, useTreeWindow } from './use-tree-window';

type Props = {
  sections: Section[];
  onChange: (sections: Section[]) => void;
  /** Whether the session may change the curriculum (`curriculum:write`). */
  canEdit: boolean;
};

const newId = () => crypto.randomUUID();

/** A section's key for what the tree remembers of it (closed or open): its id, or its place. */
const sectionKey = (sections: readonly Section[], at: number): string => {
  const id = sections[at]?.id;
  return typeof id === 'string' ? id : `@${at}`;
};

/** The items the arrow keys walk through: sections, and the lectures of open ones. */
function visiblePlaces(sections: readonly Section[], collapsed: ReadonlySet<string>): Place[] {
  return sections.flatMap((section, s) => [
    { section: s },
    ...(collapsed.has(sectionKey(sections, s))
      ? []
      : (section.lectures ?? []).map((_, l) => ({ section: s, lecture: l }))),
  ]);
}

const samePlace = (a: Place | undefined, b: Place | undefined) =>
  a !== undefined && b !== undefined && a.section === b.section && a.lecture === b.lecture;

/**
 * A course's curriculum as a tree (the WAI-ARIA tree pattern): sections and their lectures,
 * one tab stop, arrow keys to move between items, Right and Left to open and close a section,
 * Alt+Up and Alt+Down to move the selected item (a lecture past its section's edge goes into
 * the next one), F2 to rename, Delete to delete, and the mouse to drag and drop. A toolbar
 * does the same for the selected item. Edits go to `onChange`; the course's Save sends them.
 */
export function CurriculumTree({ sections, onChange, canEdit }: Props) {
  const { t } = useTranslation('curriculum');
  const idBase = useId();
  const [place, setPlace] = useState<Place | undefined>(undefined);
  // Closed sections, by key, so a section stays closed when it moves.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<Place>();
  const [confirming, setConfirming] = useState<Place>();
  const [dropping, setDropping] = useState<Drop>();
  const [announcement, setAnnouncement] = useState('');
  const treeRef = useRef<HTMLUListElement>(null);
  const focusWanted = useRef(false);
  const dragged = useRef<Place | undefined>(undefined);
  // The latest state for the stable row actions below.
  const latest = useRef({ sections, place, canEdit, onChange });
  useLayoutEffect(() => {
    latest.current = { sections, place, canEdit, onChange };
  });

  // A place the sections no longer hold (the school's version replaced the owner's) is dropped.
  const selected = itemAt(sections, place) ? place : undefined;
  const focusable = selected ?? (sections.length > 0 ? { section: 0 } : undefined);

  useEffect(() => {
    // While an item is renamed its Title field holds the focus (taking it would commit).
    if (!focusWanted.current || !selected || renaming) return;
    focusWanted.current = false;
    treeRef.current?.querySelector<HTMLElement>(`[data-place="${placeKey(selected)}"]`)?.focus();
  });

  const goTo = (next: Place | undefined) => {
    setPlace(next);
    focusWanted.current = true;
  };

  const apply = (edited: Edited, said?: string) => {
    if (edited.sections !== latest.current.sections) latest.current.onChange(edited.sections);
    goTo(edited.place);
    if (edited.place) {
      // An item moved into a closed section opens it, so the focus can follow.
      const key = sectionKey(edited.sections, edited.place.section);
      setCollapsed((c) => {
        if (!c.has(key)) return c;
        const next = new Set(c);
        next.delete(key);
        return next;
      });
    }
    if (said) setAnnouncement(said);
  };

  const movedWords = (edited: Edited): string | undefined => {
    const at = edited.place;
    if (!at || edited.sections === latest.current.sections) return undefined;
    const name = itemTitle(itemAt(edited.sections, at) ?? {});
    if (at.lecture === undefined) return t('movedSection', { name, position: at.section + 1 });
    return t('moved', {
      name,
      position: at.lecture + 1,
      parent: itemTitle(edited.sections[at.section]!),
    });
  };

  const moveBy = (step: -1 | 1) => {
    if (!selected || !canEdit) return;
    const edited = move(sections, selected, step);
    apply(edited, movedWords(edited));
  };

  const askDelete = () => {
    if (!selected || !canEdit) return;
    const section = selected.lecture === undefined ? sections[selected.section] : undefined;
    if (section && (section.lectures ?? []).length > 0) setConfirming(selected);
    else apply(remove(sections, selected));
  };

  const actions = useMemo<TreeActions>(
    () => ({
      select: (at) => goTo(at),
      toggle: (section) =>
        setCollapsed((c) => {
          const key = sectionKey(latest.current.sections, section);
          const next = new Set(c);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          return next;
        }),
      commitRename: (at, title) => {
        setRenaming(undefined);
        apply(rename(latest.current.sections, at, title));
      },
      cancelRename: () => {
        setRenaming(undefined);
        focusWanted.current = true;
      },
      dragStart: (at) => {
        dragged.current = at;
      },
      dragOver: (drop) =>
        setDropping((d) =>
          d && samePlace(d.target, drop.target) && d.where === drop.where ? d : drop,
        ),
      drop: (drop) => {
        const from = dragged.current;
        dragged.current = undefined;
        setDropping(undefined);
        if (!from || !latest.current.canEdit) return;
        const edited = moveTo(latest.current.sections, from, drop);
        apply(edited, movedWords(edited));
      },
      dragEnd: () => {
        dragged.current = undefined;
        setDropping(undefined);
      },
    }),
    // Stable for the tree's life: each action reads the latest state through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if ((event.target as HTMLElement).tagName === 'INPUT') return;
    const visible = visiblePlaces(sections, collapsed);
    const at = visible.findIndex((p) => samePlace(p, focusable));
    const current = focusable;
    let handled = true;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown'))
      moveBy(event.key === 'ArrowUp' ? -1 : 1);
    else if (event.key === 'ArrowDown') goTo(visible[Math.min(at + 1, visible.length - 1)]);
    else if (event.key === 'ArrowUp') goTo(visible[Math.max(at - 1, 0)]);
    else if (event.key === 'Home') goTo(visible[0]);
    else if (event.key === 'End') goTo(visible[visible.length - 1]);
    else if (event.key === 'ArrowRight' && current && current.lecture === undefined) {
      if (collapsed.has(sectionKey(sections, current.section))) actions.toggle(current.section);
      else if ((sections[current.section]?.lectures ?? []).length > 0)
        goTo({ section: current.section, lecture: 0 });
    } else if (event.key === 'ArrowLeft' && current) {
      if (current.lecture !== undefined) goTo({ section: current.section });
      else if (!collapsed.has(sectionKey(sections, current.section)))
        actions.toggle(current.section);
    } else if (event.key === 'F2' && current && canEdit) setRenaming(current);
    else if (event.key === 'Delete' && canEdit) askDelete();
    else handled = false;
    if (handled) event.preventDefault();
  };

  // Only the rows in view (and the focused one) are drawn: a 20 × 60 curriculum is 1,220 rows.
  const rows = visiblePlaces(sections, collapsed);
  const rowOf = (at: Place | undefined) =>
    at === undefined ? undefined : rows.findIndex((row) => samePlace(row, at));
  const sectionRows = new Map(
    rows.flatMap((row, at) => (row.lecture === undefined ? [[row.section, at]] : [])),
  );
  const { drawn, rowPx } = useTreeWindow(treeRef, rows.length, [rowOf(focusable), rowOf(renaming)]);

  const noSelection = !selected;
  // The platform's limits: the buttons stop there rather than let a save be refused.
  const sectionsFull = sections.length >= CURRICULUM_LIMITS.sections;
  const lectureTarget = sections[selected ? selected.section : sections.length - 1];
  const lecturesFull =
    (lectureTarget?.lectures ?? []).length >= CURRICULUM_LIMITS.lecturesPerSection;
  const addThenRename = (edited: Edited) => {
    apply(edited);
    setRenaming(edited.place);
  };
  // The toolbar acts on the selected item, as the keys do.
  const TOOLS = {
    addSection: () => addThenRename(addSection(sections, selected, t('newSection'), newId)),
    addLecture: () => addThenRename(addLecture(sections, selected, t('newLecture'), newId)),
    rename: () => setRenaming(selected),
    moveUp: () => moveBy(-1),
    moveDown: () => moveBy(1),
    delete: askDelete,
  };
  const toolOff: Record<keyof typeof TOOLS, boolean> = {
    addSection: sectionsFull,
    addLecture: sections.length === 0 || lecturesFull,
    rename: noSelection,
    moveUp: noSelection,
    moveDown: noSelection,
    delete: noSelection,
  };
  return (
    <section className="curriculum" aria-labelledby={`${idBase}-heading`}>
      <h3 id={`${idBase}-heading`}>{t('heading')}</h3>
      <p className="hint">{sections.length > 0 ? courseSummary(sections) : t('empty')}</p>
      <div role="toolbar" aria-label={t('toolbar')} className="tree-toolbar">
        {(Object.keys(toolOff) as (keyof typeof TOOLS)[]).map((tool) => (
          <button
            key={tool}
            type="button"
            className="secondary"
            disabled={!canEdit || toolOff[tool]}
            onClick={() => TOOLS[tool]()}
          >
            {t(tool)}
          </button>
        ))}
      </div>
      {sections.length > 0 ? (
        <ul
          ref={treeRef}
          role="tree"
          aria-label={t('tree')}
          aria-describedby={`${idBase}-keys`}
          className="tree"
          onKeyDown={onKeyDown}
        >
          {sections.map((section, s) => {
            const mine = (p: Place | undefined) =>
              p && p.section === s && p.lecture !== undefined ? p.lecture : undefined;
            const sectionPlace = { section: s };
            const expanded = !collapsed.has(sectionKey(sections, s));
            const row = sectionRows.get(s)!;
            const count = expanded ? (section.lectures ?? []).length : 0;
            const lectureRuns = drawnRuns(drawn, row + 1, count);
            if (!drawn.has(row) && lectureRuns === '')
              return (
                <li
                  key={typeof section.id === 'string' ? section.id : `@${s}`}
                  role="none"
                  className="tree-gap"
                  style={{ height: (1 + count) * rowPx }}
                />
              );
            return (
              <SectionItem
                key={typeof section.id === 'string' ? section.id : `@${s}`}
                section={section}
                place={sectionPlace}
                count={sections.length}
                expanded={expanded}
                lectureRuns={lectureRuns}
                rowPx={rowPx}
                selected={samePlace(selected, sectionPlace)}
                focusable={samePlace(focusable, sectionPlace)}
                renaming={samePlace(renaming, sectionPlace)}
                draggable={canEdit}
                dropAt={
                  dropping && samePlace(dropping.target, sectionPlace) ? dropping.where : undefined
                }
                selectedLecture={mine(selected)}
                focusLecture={mine(focusable)}
                renamingLecture={mine(renaming)}
                dropLecture={
                  dropping && mine(dropping.target) !== undefined
                    ? { lecture: mine(dropping.target)!, where: dropping.where }
                    : undefined
                }
                actions={actions}
                idBase={idBase}
              />
            );
          })}
        </ul>
      ) : null}
      <p id={`${idBase}-keys`} className="hint">
        {canEdit ? t('keys') : t('keysReadOnly')}
      </p>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {confirming ? (
        <ConfirmDialog
          title={t('deleteSection.title', { name: itemTitle(sections[confirming.section] ?? {}) })}
          confirmLabel={t('deleteSection.confirm')}
          onConfirm={() => {
            setConfirming(undefined);
            apply(remove(latest.current.sections, confirming));
          }}
          onCancel={() => {
            setConfirming(undefined);
            focusWanted.current = true;
          }}
        >
          <p>
            {t('deleteSection.body', {
              count: (sections[confirming.section]?.lectures ?? []).length,
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
