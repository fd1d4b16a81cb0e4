import type { Lecture, Section } from '../../shared/curriculum/curriculum-shape';

/**
 * The owner's edits of a curriculum, as pure steps: each takes the sections and where the
 * selected item is, and answers the new sections and where the item it acted on now is (so
 * the selection and the focus follow it). Items are addressed by place, not id: a school may
 * send an item without one, and it must still be editable.
 */

/** Where an item is: a section, or a lecture of it. */
export type Place = { section: number; lecture?: number };

export type Edited = { sections: Section[]; place: Place | undefined };

/** New items carry an id made here (a random UUID, the form the platform's take), as the
 * outbox's creates do: the school keeps ids it is sent, so a merge can match the item later. */
export type NewId = () => string;

const lecturesOf = (section: Section): Lecture[] => section.lectures ?? [];

function withLectures(sections: Section[], at: number, lectures: Lecture[]): Section[] {
  return sections.map((section, i) => (i === at ? { ...section, lectures } : section));
}

/** The item at a place, or undefined when the place is gone. */
export function itemAt(sections: readonly Section[], place: Place | undefined) {
  if (!place) return undefined;
  const section = sections[place.section];
  if (!section || place.lecture === undefined) return section;
  return lecturesOf(section)[place.lecture];
}

/** A new section after the selected one's section (at the end when nothing is selected). */
export function addSection(
  sections: Section[],
  place: Place | undefined,
  title: string,
  newId: NewId,
): Edited {
  const at = place ? place.section + 1 : sections.length;
  const next = [...sections];
  next.splice(at, 0, { id: newId(), title, lectures: [] });
  return { sections: next, place: { section: at } };
}

/**
 * A new lecture after the selected lecture, or at the end of the selected section (of the last
 * section when nothing is selected). Without any section there is nowhere to put it.
 */
export function addLecture(
  sections: Section[],
  place: Place | undefined,
  title: string,
  newId: NewId,
): Edited {
  const section = place ? place.section : sections.length - 1;
  if (section < 0 || !sections[section]) return { sections, place };
  const lectures = [...lecturesOf(sections[section])];
  const at = place?.lecture !== undefined ? place.lecture + 1 : lectures.length;
  lectures.splice(at, 0, { id: newId(), title, durationSeconds: null, preview: false });
  return { sections: withLectures(sections, section, lectures), place: { section, lecture: at } };
}

/** The item retitled; a blank title is refused (the platform requires one). */
export function rename(sections: Section[], place: Place, title: string): Edited {
  const trimmed = title.trim();
  if (trimmed === '' || !itemAt(sections, place)) return { sections, place };
  if (place.lecture === undefined)
    return {
      sections: sections.map((s, i) => (i === place.section ? { ...s, title: trimmed } : s)),
      place,
    };
  const lectures = lecturesOf(sections[place.section]!).map((l, i) =>
    i === place.lecture ? { ...l, title: trimmed } : l,
  );
  return { sections: withLectures(sections, place.section, lectures), place };
}

/**
 * The item one step up (-1) or down (1). A section swaps with its neighbour. A lecture moves
 * within its section, and past the top or bottom of it into the neighbouring section (at that
 * section's end or start). At the very ends nothing moves.
 */
export function move(sections: Section[], place: Place, step: -1 | 1): Edited {
  if (!itemAt(sections, place)) return { sections, place };
  if (place.lecture === undefined) {
    const to = place.section + step;
    if (to < 0 || to >= sections.length) return { sections, place };
    const next = [...sections];
    [next[place.section], next[to]] = [next[to]!, next[place.section]!];
    return { sections: next, place: { section: to } };
  }
  const lectures = [...lecturesOf(sections[place.section]!)];
  const to = place.lecture + step;
  if (to >= 0 && to < lectures.length) {
    [lectures[place.lecture], lectures[to]] = [lectures[to]!, lectures[place.lecture]!];
    return {
      sections: withLectures(sections, place.section, lectures),
      place: { section: place.section, lecture: to },
    };
  }
  const neighbour = place.section + step;
  if (neighbour < 0 || neighbour >= sections.length) return { sections, place };
  const [lecture] = lectures.splice(place.lecture, 1);
  const into = [...lecturesOf(sections[neighbour]!)];
  const at = step === -1 ? into.length : 0;
  into.splice(at, 0, lecture!);
  const next = withLectures(withLectures(sections, place.section, lectures), neighbour, into);
  return { sections: next, place: { section: neighbour, lecture: at } };
}

/** Where a dragged item lands, relative to the item it was dropped on. */
export type Drop = { target: Place; where: 'before' | 'after' | 'inside' };

/**
 * The item moved by a drag and drop. A section lands before or after a section (dropped on a
 * lecture, after that lecture's section). A lecture lands before or after a lecture, or at the
 * end of a section it was dropped on. Dropping an item on itself changes nothing.
 */
export function moveTo(sections: Section[], from: Place, drop: Drop): Edited {
  const item = itemAt(sections, from);
  if (!item || !itemAt(sections, drop.target)) return { sections, place: from };
  if (from.lecture === undefined) {
    const onSection = drop.target.lecture === undefined;
    const target = drop.target.section;
    if (target === from.section) return { sections, place: from };
    const next = sections.filter((_, i) => i !== from.section);
    const targetNow = target > from.section ? target - 1 : target;
    const at = onSection && drop.where === 'before' ? targetNow : targetNow + 1;
    next.splice(at, 0, item as Section);
    return { sections: next, place: { section: at } };
  }
  const target = drop.target;
  if (target.section === from.section && target.lecture === from.lecture)
    return { sections, place: from };
  const without = withLectures(
    sections,
    from.section,
    lecturesOf(sections[from.section]!).filter((_, i) => i !== from.lecture),
  );
  const into = [...lecturesOf(without[target.section]!)];
  let at = into.length;
  if (target.lecture !== undefined) {
    const shifted =
      target.section === from.section && target.lecture > from.lecture
        ? target.lecture - 1
        : target.lecture;
    at = drop.where === 'before' ? shifted : shifted + 1;
  }
  into.splice(at, 0, item);
  return {
    sections: withLectures(without, target.section, into),
    place: { section: target.section, lecture: at },
  };
}

/** The sections without the item; the selection moves to the item after it, or before it. */
export function remove(sections: Section[], place: Place): Edited {
  if (!itemAt(sections, place)) return { sections, place: undefined };
  if (place.lecture === undefined) {
    const next = sections.filter((_, i) => i !== place.section);
    const section = Math.min(place.section, next.length - 1);
    return { sections: next, place: section < 0 ? undefined : { section } };
  }
  const lectures = lecturesOf(sections[place.section]!).filter((_, i) => i !== place.lecture);
  const lecture = Math.min(place.lecture, lectures.length - 1);
  return {
    sections: withLectures(sections, place.section, lectures),
    place: lecture < 0 ? { section: place.section } : { section: place.section, lecture },
  };
}
