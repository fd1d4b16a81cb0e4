import {
  ownFields,
  titleOf,
  type Curriculum,
  type CurriculumIndex,
  type ItemRef,
  type Lecture,
  type Section,
} from './curriculum-shape';
import { sameValue, sideChanges, type SideChanges } from './side-changes';

/** Who wins where both sides changed the same thing. */
export type Winner = 'mine' | 'school';

/** A change of the owner's and one of the school's that cannot both hold. */
export type Collision =
  | { kind: 'renamed_both'; item: ItemRef; mine: string; school: string }
  | { kind: 'changed_both'; item: ItemRef; field: string }
  | { kind: 'moved_both'; item: ItemRef }
  | { kind: 'deleted_edited'; item: ItemRef; deletedBy: Winner };

export type CurriculumMerge = { curriculum: Section[]; collisions: Collision[] };

/** A record's `sections` as a curriculum: anything but a list (a school that sent none) is empty. */
export function asCurriculum(value: unknown): Curriculum {
  return Array.isArray(value)
    ? value.filter((item): item is Section => item !== null && typeof item === 'object')
    : [];
}

type Item = Section | Lecture;

/**
 * Merges the owner's curriculum (`mine`) with the school's (`school`), both changed from
 * `base` (the version the owner opened). Changes that touch different items, or different
 * fields of one item, all hold: the owner renamed a lecture while the school moved another.
 * Where both changed the same thing (both renamed an item, both moved it, or one deleted what
 * the other changed), `winner` decides, and the collision is listed for the owner to see.
 *
 * The result starts from the school's version, and the owner's moves and additions are placed
 * after the item that precedes them in the owner's version.
 */
export function mergeCurriculum(
  base: Curriculum,
  mine: Curriculum,
  school: Curriculum,
  winner: Winner,
): CurriculumMerge {
  const m = sideChanges(base, mine);
  const s = sideChanges(base, school);
  const collisions = collisionsOf(m, s);
  const colliding = new Set(collisions.map((c) => c.item.id));
  const mineWins = (key: string) => colliding.has(key) && winner === 'mine';
  const schoolWins = (key: string) => colliding.has(key) && winner === 'school';
  const [M, S, B] = [m.side, s.side, m.base];

  // Which sections stay: the school's, less those the owner deleted (unless the school's
  // change to them won), plus the owner's new ones and those the owner changed after the
  // school deleted them (when the owner's change won).
  const sections = new Set(S.sectionOrder.filter((key) => !m.deleted.has(key) || schoolWins(key)));
  const restored = new Set(M.sectionOrder.filter((key) => s.deleted.has(key) && mineWins(key)));
  for (const key of M.sectionOrder) if (m.added.has(key) || restored.has(key)) sections.add(key);

  const lectureStays = (key: string): boolean => {
    if (S.lectures.has(key)) {
      if (!m.deleted.has(key) || schoolWins(key)) return true;
      // Deleted with its section, which the school's change kept: it stays with it.
      return m.deletedWithSection.has(key) && sections.has(B.lectures.get(key)!.section);
    }
    if (!M.lectures.has(key)) return false;
    if (m.added.has(key) || mineWins(key)) return true;
    return s.deletedWithSection.has(key) && restored.has(B.lectures.get(key)!.section);
  };
  const minePlaces = (key: string): boolean =>
    m.added.has(key) ||
    (s.deleted.has(key) && lectureOrSectionKept(key)) ||
    (m.moved.has(key) && !schoolWins(key));
  const lectureOrSectionKept = (key: string) =>
    M.sections.has(key) ? sections.has(key) : lectureStays(key);

  const sectionOrder = S.sectionOrder.filter((key) => sections.has(key));
  placeAfterPredecessors(
    sectionOrder,
    M.sectionOrder,
    (key) => sections.has(key) && minePlaces(key),
  );

  const layout = new Map(
    sectionOrder.map((key) => [
      key,
      (S.lectureOrder.get(key) ?? []).filter((lecture) => lectureStays(lecture)),
    ]),
  );
  for (const section of M.sectionOrder) {
    const lectures = layout.get(section);
    // A lecture the owner put in a section that is gone keeps the school's place, if any.
    if (!lectures) continue;
    const placed = (M.lectureOrder.get(section) ?? []).filter(
      (key) => lectureStays(key) && minePlaces(key),
    );
    for (const list of layout.values()) removeAll(list, placed);
    placeAfterPredecessors(lectures, M.lectureOrder.get(section) ?? [], (key) =>
      placed.includes(key),
    );
  }

  const curriculum = sectionOrder.map((key) => ({
    ...mergeOwn(winner, {
      base: B.sections.get(key),
      mine: M.sections.get(key),
      school: S.sections.get(key),
    }),
    lectures: layout.get(key)!.map((lecture) =>
      mergeOwn(winner, {
        base: B.lectures.get(lecture)?.lecture,
        mine: M.lectures.get(lecture)?.lecture,
        school: S.lectures.get(lecture)?.lecture,
      }),
    ),
  }));
  return { curriculum, collisions };
}

/** The collisions between two sides' changes, each item named as the side that kept it. */
function collisionsOf(m: SideChanges, s: SideChanges): Collision[] {
  const collisions: Collision[] = [];
  const ref = (key: string, index: CurriculumIndex): ItemRef => {
    const section = index.sections.get(key);
    const item = section ?? index.lectures.get(key)!.lecture;
    return { kind: section ? 'section' : 'lecture', id: key, title: titleOf(item) };
  };
  for (const key of m.deleted)
    if (s.edited.has(key))
      collisions.push({ kind: 'deleted_edited', item: ref(key, s.side), deletedBy: 'mine' });
  for (const key of s.deleted)
    if (m.edited.has(key))
      collisions.push({ kind: 'deleted_edited', item: ref(key, m.side), deletedBy: 'school' });
  for (const key of m.renamed) {
    if (!s.renamed.has(key)) continue;
    const [mine, school] = [ref(key, m.side).title, ref(key, s.side).title];
    if (mine !== school)
      collisions.push({ kind: 'renamed_both', item: ref(key, m.base), mine, school });
  }
  for (const [key, fields] of m.changedFields) {
    const mineItem = itemOf(key, m.side);
    const schoolItem = itemOf(key, s.side);
    for (const field of fields)
      if (
        s.changedFields.get(key)?.includes(field) &&
        !sameValue(mineItem[field], schoolItem[field])
      )
        collisions.push({ kind: 'changed_both', item: ref(key, m.base), field });
  }
  for (const key of m.moved)
    if (s.moved.has(key) && !samePlace(key, m.side, s.side))
      collisions.push({ kind: 'moved_both', item: ref(key, m.base) });
  return collisions;
}

function itemOf(key: string, index: CurriculumIndex): Item {
  return index.sections.get(key) ?? index.lectures.get(key)!.lecture;
}

/** Whether both versions put the item in the same section after the same item. */
function samePlace(key: string, a: CurriculumIndex, b: CurriculumIndex): boolean {
  const placeIn = (index: CurriculumIndex) => {
    const lecture = index.lectures.get(key);
    const order = lecture ? index.lectureOrder.get(lecture.section)! : index.sectionOrder;
    return `${lecture?.section ?? ''}/${order[order.indexOf(key) - 1] ?? ''}`;
  };
  return placeIn(a) === placeIn(b);
}

/** An item's own fields, field by field: each side's change holds unless both changed it. */
function mergeOwn(
  winner: Winner,
  from: { base: Item | undefined; mine: Item | undefined; school: Item | undefined },
): Record<string, unknown> {
  const mine = from.mine && ownFields(from.mine);
  const school = from.school && ownFields(from.school);
  if (!mine) return school!;
  if (!school) return mine;
  const base = from.base ? ownFields(from.base) : school;
  const merged: Record<string, unknown> = { ...school };
  for (const field of new Set([...Object.keys(mine), ...Object.keys(school)])) {
    const mineChanged = !sameValue(base[field], mine[field]);
    const schoolChanged = !sameValue(base[field], school[field]);
    if (mineChanged && (!schoolChanged || winner === 'mine')) {
      if (field in mine) merged[field] = mine[field];
      else delete merged[field];
    }
  }
  return merged;
}

function removeAll(list: string[], keys: readonly string[]): void {
  for (let i = list.length - 1; i >= 0; i--) if (keys.includes(list[i]!)) list.splice(i, 1);
}

/**
 * Moves each key of `order` that `placed` picks to just after the nearest key before it in
 * `order` that the list holds (or to the front), in `order`'s order so predecessors come first.
 */
function placeAfterPredecessors(
  list: string[],
  order: readonly string[],
  placed: (key: string) => boolean,
): void {
  order.forEach((key, at) => {
    if (!placed(key)) return;
    const from = list.indexOf(key);
    if (from >= 0) list.splice(from, 1);
    let before = -1;
    for (let i = at - 1; i >= 0 && before < 0; i--) before = list.indexOf(order[i]!);
    list.splice(before + 1, 0, key);
  });
}
