import { describe, expect, it } from 'vitest';
import type { Section } from './curriculum-shape';
import { mergeCurriculum, type Winner } from './curriculum-merge';

/** `'A: a1 a2 | B: b1'`: sections A and B, ids and titles alike, lectures under each. */
function outline(text: string): Section[] {
  return text.split('|').map((part) => {
    const [section, lectures = ''] = part.split(':');
    const id = section!.trim();
    return {
      id,
      title: id,
      lectures: lectures
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((lecture) => ({ id: lecture, title: lecture, durationSeconds: 60, preview: false })),
    };
  });
}

/** The merge written back as an outline, titles in place of ids where they differ. */
function written(sections: Section[]): string {
  return sections
    .map((section) => {
      const name = (item: { id?: string; title?: string }) =>
        item.title === item.id ? item.id : `${item.id}=${item.title}`;
      return `${name(section)}: ${(section.lectures ?? []).map(name).join(' ')}`.trim();
    })
    .join(' | ');
}

function rename(sections: Section[], id: string, title: string): Section[] {
  return sections.map((section) => ({
    ...section,
    ...(section.id === id ? { title } : {}),
    lectures: (section.lectures ?? []).map((lecture) =>
      lecture.id === id ? { ...lecture, title } : lecture,
    ),
  }));
}

function merge(
  base: string,
  mine: Section[] | string,
  school: Section[] | string,
  winner: Winner = 'mine',
) {
  const asSections = (v: Section[] | string) => (typeof v === 'string' ? outline(v) : v);
  const result = mergeCurriculum(outline(base), asSections(mine), asSections(school), winner);
  return { outline: written(result.curriculum), collisions: result.collisions, result };
}

const BASE = 'A: a1 a2 a3 | B: b1 b2';

describe('merging the owner’s curriculum with the school’s', () => {
  it('keeps both when the owner renamed a lecture and the school moved another', () => {
    const mine = rename(outline(BASE), 'a1', 'Welcome');
    const { outline: merged, collisions } = merge(BASE, mine, 'A: a1 a3 a2 | B: b1 b2');
    expect(collisions).toEqual([]);
    expect(merged).toBe('A: a1=Welcome a3 a2 | B: b1 b2');
  });

  it('keeps the owner’s move across sections and the school’s rename of the same lecture', () => {
    const school = rename(outline(BASE), 'a2', 'Setup');
    const { outline: merged, collisions } = merge(BASE, 'A: a1 a3 | B: b1 a2 b2', school);
    expect(collisions).toEqual([]);
    expect(merged).toBe('A: a1 a3 | B: b1 a2=Setup b2');
  });

  it('places additions from both sides, the owner’s after the item before it in the owner’s version', () => {
    const { outline: merged, collisions } = merge(
      BASE,
      'A: a1 new1 a2 a3 | B: b1 b2 | C: c1',
      'A: a1 a2 a3 s1 | B: b1 b2',
    );
    expect(collisions).toEqual([]);
    expect(merged).toBe('A: a1 new1 a2 a3 s1 | B: b1 b2 | C: c1');
  });

  it('keeps a section reorder of the owner’s and a lecture the school added', () => {
    const { outline: merged } = merge(BASE, 'B: b1 b2 | A: a1 a2 a3', 'A: a1 a2 a3 | B: b1 b2 s1');
    expect(merged).toBe('B: b1 b2 s1 | A: a1 a2 a3');
  });

  it('keeps the school’s change to a field the app does not edit beside the owner’s rename', () => {
    const school = outline(BASE);
    school[0]!.lectures![0] = { ...school[0]!.lectures![0]!, durationSeconds: 600, preview: true };
    const mine = rename(outline(BASE), 'a1', 'Welcome');
    const { result, collisions } = merge(BASE, mine, school);
    expect(collisions).toEqual([]);
    expect(result.curriculum[0]!.lectures![0]).toEqual({
      id: 'a1',
      title: 'Welcome',
      durationSeconds: 600,
      preview: true,
    });
  });

  it('keeps fields it does not know, on sections and lectures', () => {
    const base = outline(BASE).map((s) => ({ ...s, materials: [`${s.id}-kit`] }));
    const mine = rename(base, 'B', 'Second');
    const { curriculum } = mergeCurriculum(base, mine, base, 'mine');
    expect(curriculum[1]).toMatchObject({ id: 'B', title: 'Second', materials: ['B-kit'] });
  });

  it('deletes a section and its lectures when only the owner touched it', () => {
    expect(merge(BASE, 'A: a1 a2 a3', 'A: a1 a3 a2 | B: b1 b2').outline).toBe('A: a1 a3 a2');
  });

  it('agrees when both sides made the same change', () => {
    const mine = rename(outline(BASE), 'a1', 'Same');
    const { outline: merged, collisions } = merge(BASE, mine, mine);
    expect(collisions).toEqual([]);
    expect(merged).toBe('A: a1=Same a2 a3 | B: b1 b2');
  });
});

describe('collisions between the owner’s changes and the school’s', () => {
  it('both renamed one lecture: the winner’s title, and the collision named', () => {
    const mine = rename(outline(BASE), 'a2', 'Mine');
    const school = rename(outline(BASE), 'a2', 'Theirs');
    const asMine = merge(BASE, mine, school, 'mine');
    expect(asMine.collisions).toEqual([
      {
        kind: 'renamed_both',
        item: { kind: 'lecture', id: 'a2', title: 'a2' },
        mine: 'Mine',
        school: 'Theirs',
      },
    ]);
    expect(asMine.outline).toBe('A: a1 a2=Mine a3 | B: b1 b2');
    expect(merge(BASE, mine, school, 'school').outline).toBe('A: a1 a2=Theirs a3 | B: b1 b2');
  });

  it('the owner deleted a lecture the school renamed', () => {
    const school = rename(outline(BASE), 'a2', 'Renamed');
    const asMine = merge(BASE, 'A: a1 a3 | B: b1 b2', school, 'mine');
    expect(asMine.collisions).toEqual([
      {
        kind: 'deleted_edited',
        item: { kind: 'lecture', id: 'a2', title: 'Renamed' },
        deletedBy: 'mine',
      },
    ]);
    expect(asMine.outline).toBe('A: a1 a3 | B: b1 b2');
    expect(merge(BASE, 'A: a1 a3 | B: b1 b2', school, 'school').outline).toBe(
      'A: a1 a2=Renamed a3 | B: b1 b2',
    );
  });

  it('the school deleted a section the owner added a lecture to: restored whole, or gone', () => {
    const asMine = merge(BASE, 'A: a1 a2 a3 | B: b1 b2 b3', 'A: a1 a2 a3', 'mine');
    expect(asMine.collisions).toEqual([
      {
        kind: 'deleted_edited',
        item: { kind: 'section', id: 'B', title: 'B' },
        deletedBy: 'school',
      },
    ]);
    // Its lectures the owner left alone come back with it.
    expect(asMine.outline).toBe('A: a1 a2 a3 | B: b1 b2 b3');
    expect(merge(BASE, 'A: a1 a2 a3 | B: b1 b2 b3', 'A: a1 a2 a3', 'school').outline).toBe(
      'A: a1 a2 a3',
    );
  });

  it('the owner deleted a section whose lecture the school renamed: kept whole when the school wins', () => {
    const school = rename(outline(BASE), 'b2', 'Renamed');
    const asSchool = merge(BASE, 'A: a1 a2 a3', school, 'school');
    expect(asSchool.collisions.map((c) => [c.kind, c.item.id])).toEqual([
      ['deleted_edited', 'B'],
      ['deleted_edited', 'b2'],
    ]);
    expect(asSchool.outline).toBe('A: a1 a2 a3 | B: b1 b2=Renamed');
    expect(merge(BASE, 'A: a1 a2 a3', school, 'mine').outline).toBe('A: a1 a2 a3');
  });

  it('both moved one lecture to different places', () => {
    const mine = 'A: a2 a3 | B: b1 a1 b2';
    const school = 'A: a2 a3 a1 | B: b1 b2';
    const asMine = merge(BASE, mine, school, 'mine');
    expect(asMine.collisions).toEqual([
      { kind: 'moved_both', item: { kind: 'lecture', id: 'a1', title: 'a1' } },
    ]);
    expect(asMine.outline).toBe('A: a2 a3 | B: b1 a1 b2');
    expect(merge(BASE, mine, school, 'school').outline).toBe('A: a2 a3 a1 | B: b1 b2');
  });

  it('both changed one field of a lecture to different values', () => {
    const withDuration = (seconds: number) => {
      const sections = outline(BASE);
      sections[1]!.lectures![0] = { ...sections[1]!.lectures![0]!, durationSeconds: seconds };
      return sections;
    };
    const { collisions, result } = merge(BASE, withDuration(90), withDuration(120), 'school');
    expect(collisions).toEqual([
      {
        kind: 'changed_both',
        item: { kind: 'lecture', id: 'b1', title: 'b1' },
        field: 'durationSeconds',
      },
    ]);
    expect(result.curriculum[1]!.lectures![0]!.durationSeconds).toBe(120);
  });
});
