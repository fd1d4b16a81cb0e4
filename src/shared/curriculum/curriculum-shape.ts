/**
 * A course's curriculum as the platform sends it: sections, each holding its lectures, in
 * order. Fields Schooldesk does not know ride along untouched (the tolerant reader), so every
 * type here keeps the rest of the record.
 */
export type Lecture = { id?: string; title?: string } & Record<string, unknown>;
export type Section = { id?: string; title?: string; lectures?: Lecture[] } & Record<
  string,
  unknown
>;
export type Curriculum = readonly Section[];

/** Which kind of item of the tree. */
export type ItemKind = 'section' | 'lecture';

/** An item named for the owner: its kind, its key, and its title (as the side shows it). */
export type ItemRef = { kind: ItemKind; id: string; title: string };

/** Where each item sits in one version of a curriculum, by key. */
export type CurriculumIndex = {
  sectionOrder: string[];
  sections: Map<string, Section>;
  /** Each section's lecture keys, in order. */
  lectureOrder: Map<string, string[]>;
  lectures: Map<string, { lecture: Lecture; section: string }>;
};

/**
 * An item's key: its id. An item the school sent without one (the platform documents ids, so
 * this is a school that broke its word) is keyed by its place, which matches it only to the
 * item at the same place in another version.
 */
function keyOf(item: { id?: string }, place: string): string {
  return typeof item.id === 'string' && item.id !== '' ? item.id : `@${place}`;
}

/** Indexes a curriculum by its items' keys. */
export function indexCurriculum(curriculum: Curriculum): CurriculumIndex {
  const index: CurriculumIndex = {
    sectionOrder: [],
    sections: new Map(),
    lectureOrder: new Map(),
    lectures: new Map(),
  };
  curriculum.forEach((section, s) => {
    const sectionKey = keyOf(section, String(s));
    index.sectionOrder.push(sectionKey);
    index.sections.set(sectionKey, section);
    const order: string[] = [];
    (section.lectures ?? []).forEach((lecture, l) => {
      const lectureKey = keyOf(lecture, `${s}.${l}`);
      order.push(lectureKey);
      index.lectures.set(lectureKey, { lecture, section: sectionKey });
    });
    index.lectureOrder.set(sectionKey, order);
  });
  return index;
}

/** An item's own fields, without its children: what a rename or a detail change touches. */
export function ownFields(item: Section | Lecture): Record<string, unknown> {
  const { lectures: _children, ...own } = item as Section;
  return own;
}

/** The item's title for the owner's eyes ('' when the school sent none). */
export function titleOf(item: Section | Lecture): string {
  return typeof item.title === 'string' ? item.title : '';
}

/** How long a lecture runs, in whole seconds (0 when the school did not say). */
export function durationOf(lecture: Lecture): number {
  const seconds = lecture.durationSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** A section's lecture count and running time (seconds), and the same for a whole course. */
export type Totals = { lectures: number; seconds: number };

export function sectionTotals(section: Section): Totals {
  const lectures = section.lectures ?? [];
  return {
    lectures: lectures.length,
    seconds: lectures.reduce((sum, l) => sum + durationOf(l), 0),
  };
}

export function curriculumTotals(curriculum: Curriculum): Totals & { sections: number } {
  return curriculum.reduce(
    (sum, section) => {
      const totals = sectionTotals(section);
      return {
        ...sum,
        lectures: sum.lectures + totals.lectures,
        seconds: sum.seconds + totals.seconds,
      };
    },
    { sections: curriculum.length, lectures: 0, seconds: 0 },
  );
}
