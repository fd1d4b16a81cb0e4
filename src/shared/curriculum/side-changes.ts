import {
  indexCurriculum,
  ownFields,
  type Curriculum,
  type CurriculumIndex,
} from './curriculum-shape';
import { keptInOrder } from './stable-order';

/** What one side did to a curriculum since the version both started from, by item key. */
export type SideChanges = {
  base: CurriculumIndex;
  side: CurriculumIndex;
  added: Set<string>;
  deleted: Set<string>;
  /** Lectures deleted because the side deleted their whole section. */
  deletedWithSection: Set<string>;
  renamed: Set<string>;
  /** Own fields other than the title that changed (a lecture's duration, its preview flag). */
  changedFields: Map<string, string[]>;
  /** Items that changed section, or left their order among the items that stayed. */
  moved: Set<string>;
  /** Items the side touched: renamed, changed, moved, or (a section) whose lectures it touched. */
  edited: Set<string>;
};

/** Equal as the platform would store them (records are plain JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The own fields (title aside) whose values differ between two versions of an item. */
function differingFields(from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...keys].filter((key) => key !== 'title' && !sameValue(from[key], to[key]));
}

/** What `side` changed since `base`. */
export function sideChanges(base: Curriculum, side: Curriculum): SideChanges {
  const b = indexCurriculum(base);
  const s = indexCurriculum(side);
  const changes: SideChanges = {
    base: b,
    side: s,
    added: new Set(),
    deleted: new Set(),
    deletedWithSection: new Set(),
    renamed: new Set(),
    changedFields: new Map(),
    moved: new Set(),
    edited: new Set(),
  };
  const compare = (key: string, from: Record<string, unknown>, to: Record<string, unknown>) => {
    const own = { from: ownFields(from), to: ownFields(to) };
    if (!sameValue(own.from.title, own.to.title)) changes.renamed.add(key);
    const fields = differingFields(own.from, own.to);
    if (fields.length > 0) changes.changedFields.set(key, fields);
  };

  for (const key of b.sectionOrder) {
    const now = s.sections.get(key);
    if (now) compare(key, b.sections.get(key)!, now);
    else changes.deleted.add(key);
  }
  for (const key of s.sectionOrder) if (!b.sections.has(key)) changes.added.add(key);
  const keptSections = keptInOrder(b.sectionOrder, s.sectionOrder);
  for (const key of s.sectionOrder)
    if (b.sections.has(key) && !keptSections.has(key)) changes.moved.add(key);

  for (const [key, was] of b.lectures) {
    const now = s.lectures.get(key);
    if (!now) {
      changes.deleted.add(key);
      if (!s.sections.has(was.section)) changes.deletedWithSection.add(key);
    } else {
      compare(key, was.lecture, now.lecture);
      if (now.section !== was.section) changes.moved.add(key);
    }
  }
  for (const [section, order] of s.lectureOrder) {
    const kept = keptInOrder(b.lectureOrder.get(section) ?? [], order);
    for (const key of order) {
      if (!b.lectures.has(key)) changes.added.add(key);
      else if (b.lectures.get(key)!.section === section && !kept.has(key)) changes.moved.add(key);
    }
  }

  for (const key of [...changes.renamed, ...changes.changedFields.keys(), ...changes.moved])
    changes.edited.add(key);
  // A section counts as edited when the side touched what it holds: deleting it would lose that.
  for (const [key, { section }] of s.lectures)
    if (changes.edited.has(key) || changes.added.has(key)) changes.edited.add(section);
  return changes;
}
