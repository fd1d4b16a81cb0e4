import { describe, expect, it } from 'vitest';
import { curriculumChanges } from './curriculum-changes';
import type { Section } from './curriculum-shape';

const lecture = (id: string, title = id) => ({ id, title, durationSeconds: 60, preview: false });
const section = (id: string, lectures: string[], title = id): Section => ({
  id,
  title,
  lectures: lectures.map((l) => lecture(l)),
});

const BASE = [section('A', ['a1', 'a2', 'a3']), section('B', ['b1', 'b2'])];

describe('the changes between two versions of a curriculum', () => {
  it('names a rename by the old title with the new one', () => {
    const to = [section('A', ['a1', 'a2', 'a3'], 'Intro'), BASE[1]!];
    expect(curriculumChanges(BASE, to)).toEqual([
      { kind: 'renamed', item: { kind: 'section', id: 'A', title: 'A' }, to: 'Intro' },
    ]);
  });

  it('names a lecture moved to another section by that section and its number', () => {
    const to = [section('A', ['a1', 'a3']), section('B', ['b1', 'a2', 'b2'])];
    expect(curriculumChanges(BASE, to)).toEqual([
      {
        kind: 'moved',
        item: { kind: 'lecture', id: 'a2', title: 'a2' },
        section: { kind: 'section', id: 'B', title: 'B' },
        sectionNumber: 2,
        position: 2,
      },
    ]);
  });

  it('names additions with their section, and a deleted section once with its lecture count', () => {
    const to = [section('A', ['a1', 'a2', 'a3', 'a4']), section('C', [])];
    expect(curriculumChanges(BASE, to)).toEqual([
      { kind: 'added', item: { kind: 'section', id: 'C', title: 'C' } },
      { kind: 'deleted', item: { kind: 'section', id: 'B', title: 'B' }, lectures: 2 },
      {
        kind: 'added',
        item: { kind: 'lecture', id: 'a4', title: 'a4' },
        section: { kind: 'section', id: 'A', title: 'A' },
      },
    ]);
  });

  it('names a deleted lecture and a detail the app does not edit', () => {
    const to = [
      { ...BASE[0]!, lectures: [{ ...lecture('a1'), preview: true }, lecture('a3')] },
      BASE[1]!,
    ];
    expect(curriculumChanges(BASE, to)).toEqual([
      { kind: 'changed', item: { kind: 'lecture', id: 'a1', title: 'a1' }, fields: ['preview'] },
      { kind: 'deleted', item: { kind: 'lecture', id: 'a2', title: 'a2' } },
    ]);
  });

  it('finds nothing between equal versions', () => {
    expect(curriculumChanges(BASE, structuredClone(BASE))).toEqual([]);
  });
});
