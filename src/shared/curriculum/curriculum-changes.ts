import { titleOf, type Curriculum, type ItemRef } from './curriculum-shape';
import { sideChanges } from './side-changes';

/**
 * One change between two versions of a curriculum, in values the renderer words ("Section
 * 'Intro' renamed to 'Welcome'", "'Setup' moved to section 2"). Titles are as each version
 * shows them: a renamed item is named by its old title, with `to` its new one.
 */
export type CurriculumChange =
  | { kind: 'added'; item: ItemRef; section?: ItemRef }
  | { kind: 'deleted'; item: ItemRef; lectures?: number }
  | { kind: 'renamed'; item: ItemRef; to: string }
  | { kind: 'moved'; item: ItemRef; section?: ItemRef; sectionNumber?: number; position: number }
  | { kind: 'changed'; item: ItemRef; fields: string[] };

/** What changed from `from` to `to`, sections before lectures, each in `to`'s order. */
export function curriculumChanges(from: Curriculum, to: Curriculum): CurriculumChange[] {
  const changes = sideChanges(from, to);
  const { base, side } = changes;
  const ref = (key: string, version: typeof base): ItemRef => {
    const section = version.sections.get(key);
    return section
      ? { kind: 'section', id: key, title: titleOf(section) }
      : { kind: 'lecture', id: key, title: titleOf(version.lectures.get(key)!.lecture) };
  };
  const list: CurriculumChange[] = [];
  const describe = (key: string, position: number, section?: string) => {
    const item = ref(key, changes.added.has(key) ? side : base);
    const where = section === undefined ? {} : { section: ref(section, side) };
    if (changes.added.has(key)) {
      list.push({ kind: 'added', item: ref(key, side), ...where });
      return;
    }
    if (changes.renamed.has(key)) list.push({ kind: 'renamed', item, to: ref(key, side).title });
    if (changes.moved.has(key)) {
      const sectionNumber =
        section === undefined ? {} : { sectionNumber: side.sectionOrder.indexOf(section) + 1 };
      list.push({ kind: 'moved', item, ...where, ...sectionNumber, position: position + 1 });
    }
    const fields = changes.changedFields.get(key);
    if (fields) list.push({ kind: 'changed', item, fields });
  };
  side.sectionOrder.forEach((key, at) => describe(key, at));
  for (const key of base.sectionOrder)
    if (changes.deleted.has(key))
      list.push({
        kind: 'deleted',
        item: ref(key, base),
        lectures: base.lectureOrder.get(key)!.length,
      });
  for (const section of side.sectionOrder)
    side.lectureOrder.get(section)!.forEach((key, at) => describe(key, at, section));
  for (const key of base.lectures.keys())
    if (changes.deleted.has(key) && !changes.deletedWithSection.has(key))
      list.push({ kind: 'deleted', item: ref(key, base) });
  return list;
}
