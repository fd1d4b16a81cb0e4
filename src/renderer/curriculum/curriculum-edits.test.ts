import { describe, expect, it } from 'vitest';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import { addLecture, addSection, move, moveTo, remove, rename } from './curriculum-edits';

/** `'A: a1 a2 | B: b1'` as sections whose ids and titles are the names. */
function outline(text: string): Section[] {
  return text.split('|').map((part) => {
    const [id, lectures = ''] = part.split(':').map((s) => s.trim());
    return {
      id,
      title: id,
      lectures: lectures
        .split(/\s+/)
        .filter(Boolean)
        .map((l) => ({ id: l, title: l, durationSeconds: 60, preview: false })),
    };
  });
}
const written = (sections: Section[]) =>
  sections
    .map((s) =>
      `${s.title}: ${(s.lectures ?? []).map((l) => l.title).join(' ')}`.replace(/:\s*$/, ''),
    )
    .join(' | ');

const BASE = outline('A: a1 a2 | B: b1 b2 | C:');
let n = 0;
const newId = () => `n${++n}`;

describe('adding', () => {
  it('adds a section after the selected one’s section, or at the end', () => {
    expect(written(addSection(BASE, { section: 0, lecture: 1 }, 'New', newId).sections)).toBe(
      'A: a1 a2 | New | B: b1 b2 | C',
    );
    const atEnd = addSection(BASE, undefined, 'New', newId);
    expect(written(atEnd.sections)).toBe('A: a1 a2 | B: b1 b2 | C | New');
    expect(atEnd.place).toEqual({ section: 3 });
  });

  it('adds a lecture after the selected lecture, or at the end of the selected section', () => {
    const after = addLecture(BASE, { section: 0, lecture: 0 }, 'x', newId);
    expect(written(after.sections)).toBe('A: a1 x a2 | B: b1 b2 | C');
    expect(after.place).toEqual({ section: 0, lecture: 1 });
    expect(after.sections[0]!.lectures![1]).toMatchObject({
      durationSeconds: null,
      preview: false,
    });
    expect(written(addLecture(BASE, { section: 1 }, 'x', newId).sections)).toBe(
      'A: a1 a2 | B: b1 b2 x | C',
    );
    expect(written(addLecture(outline('A:'), undefined, 'x', newId).sections)).toBe('A: x');
  });
});

describe('renaming', () => {
  it('retitles the item and refuses a blank title', () => {
    expect(written(rename(BASE, { section: 1, lecture: 0 }, ' Intro ').sections)).toBe(
      'A: a1 a2 | B: Intro b2 | C',
    );
    expect(rename(BASE, { section: 1 }, '   ').sections).toBe(BASE);
  });
});

describe('moving by keyboard', () => {
  it('swaps a section with its neighbour, and not past the ends', () => {
    expect(written(move(BASE, { section: 1 }, -1).sections)).toBe('B: b1 b2 | A: a1 a2 | C');
    expect(move(BASE, { section: 0 }, -1).sections).toBe(BASE);
  });

  it('moves a lecture within its section', () => {
    const moved = move(BASE, { section: 0, lecture: 0 }, 1);
    expect(written(moved.sections)).toBe('A: a2 a1 | B: b1 b2 | C');
    expect(moved.place).toEqual({ section: 0, lecture: 1 });
  });

  it('moves a lecture past the top or bottom of its section into the neighbouring one', () => {
    const up = move(BASE, { section: 1, lecture: 0 }, -1);
    expect(written(up.sections)).toBe('A: a1 a2 b1 | B: b2 | C');
    expect(up.place).toEqual({ section: 0, lecture: 2 });
    const down = move(BASE, { section: 1, lecture: 1 }, 1);
    expect(written(down.sections)).toBe('A: a1 a2 | B: b1 | C: b2');
    expect(down.place).toEqual({ section: 2, lecture: 0 });
    expect(move(BASE, { section: 0, lecture: 0 }, -1).sections).toBe(BASE);
  });
});

describe('moving by drag and drop', () => {
  it('puts a section before or after the one it is dropped on', () => {
    const dropped = moveTo(BASE, { section: 0 }, { target: { section: 2 }, where: 'after' });
    expect(written(dropped.sections)).toBe('B: b1 b2 | C | A: a1 a2');
    expect(dropped.place).toEqual({ section: 2 });
    expect(
      written(moveTo(BASE, { section: 2 }, { target: { section: 0 }, where: 'before' }).sections),
    ).toBe('C | A: a1 a2 | B: b1 b2');
  });

  it('puts a lecture before or after a lecture, or at the end of a section', () => {
    expect(
      written(
        moveTo(
          BASE,
          { section: 0, lecture: 0 },
          { target: { section: 1, lecture: 1 }, where: 'before' },
        ).sections,
      ),
    ).toBe('A: a2 | B: b1 a1 b2 | C');
    expect(
      written(
        moveTo(
          BASE,
          { section: 0, lecture: 0 },
          { target: { section: 0, lecture: 1 }, where: 'after' },
        ).sections,
      ),
    ).toBe('A: a2 a1 | B: b1 b2 | C');
    const intoEmpty = moveTo(
      BASE,
      { section: 1, lecture: 0 },
      { target: { section: 2 }, where: 'inside' },
    );
    expect(written(intoEmpty.sections)).toBe('A: a1 a2 | B: b2 | C: b1');
    expect(intoEmpty.place).toEqual({ section: 2, lecture: 0 });
  });
});

describe('deleting', () => {
  it('removes the item and selects the next one, or the one before', () => {
    const gone = remove(BASE, { section: 0, lecture: 1 });
    expect(written(gone.sections)).toBe('A: a1 | B: b1 b2 | C');
    expect(gone.place).toEqual({ section: 0, lecture: 0 });
    expect(remove(BASE, { section: 2 }).place).toEqual({ section: 1 });
  });

  it('keeps every field it does not edit', () => {
    const kept = outline('A: a1 | B:');
    kept[0]!.lectures![0] = {
      id: 'a1',
      title: 'a1',
      durationSeconds: 300,
      preview: true,
      kind: 'video',
    };
    const moved = move(kept, { section: 0, lecture: 0 }, 1);
    expect(moved.sections[1]!.lectures![0]).toEqual(kept[0]!.lectures![0]);
  });
});
