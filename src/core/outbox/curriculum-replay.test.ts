import { describe, expect, it } from 'vitest';
import { allSynced } from '../../../e2e/support/harness/sync-harness';
import { drained } from '../../../e2e/support/harness/outbox-harness';
import { useSyncHarness } from '../../../e2e/support/harness/use-harness';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import { coalesce } from './outbox-entry';

const perTest = useSyncHarness();

/** The sections with one lecture retitled (by id). */
function retitled(sections: Section[], lectureId: string, title: string): Section[] {
  return sections.map((section) => ({
    ...section,
    lectures: (section.lectures ?? []).map((lecture) =>
      lecture.id === lectureId ? { ...lecture, title } : lecture,
    ),
  }));
}

/**
 * A course whose curriculum the owner changed here while the school did not answer, and that
 * `changeOnSchool` then changed on the school: the outbox's save meets a 412 when it goes.
 */
async function curriculumEditedOnBothSides(
  changeOnSchool: (sections: Section[], first: { id: string }) => Section[],
) {
  const harness = await perTest.start({ students: 20 });
  const { sync, outbox, data } = await perTest.openSchool({
    retry: { maxRetries: 0 },
  });
  await sync.until(allSynced);
  const course = (await data.list('courses', { sort: 'name', limit: 1 })).rows[0]!;
  const { record, etag } = await data.get('courses', course.id);
  const sections = record.sections as Section[];
  const first = sections[0]!.lectures![0]! as { id: string };
  await harness.client.control('/faults', { rate: 1, kind: 'drop', methods: ['PATCH'] });
  const mine = retitled(sections, first.id, 'Welcome, new cohort');
  await data.update('courses', course.id, { sections: mine }, { etag: etag! });
  await harness.client.control(
    `/records/courses/${course.id}`,
    { sections: changeOnSchool(sections, first) },
    'PATCH',
  );
  await harness.client.control('/faults', { off: true });
  sync.link.reachability.probeNow();
  return { courseId: course.id, sections, first, outbox, harness };
}

describe('a curriculum changed here and on the school', () => {
  it('merges changes that do not collide: the owner renamed a lecture, the school moved another', async () => {
    const reversedLast = (sections: Section[]) =>
      sections.map((section, at) =>
        at === sections.length - 1
          ? { ...section, lectures: [...(section.lectures ?? [])].reverse() }
          : section,
      );
    const { courseId, sections, first, outbox, harness } =
      await curriculumEditedOnBothSides(reversedLast);
    await drained(outbox);
    const onSchool = (await harness.client.client().get('courses', courseId)).record;
    const expected = retitled(reversedLast(sections), first.id, 'Welcome, new cohort');
    expect(onSchool.sections).toEqual(expected);
  });

  it('waits for the owner when both renamed the same lecture; Keep mine keeps the school’s other changes', async () => {
    const reversedLast = (sections: Section[]) =>
      sections.map((section, at) =>
        at === sections.length - 1
          ? { ...section, lectures: [...(section.lectures ?? [])].reverse() }
          : section,
      );
    const { courseId, sections, first, outbox, harness } = await curriculumEditedOnBothSides(
      (theirs, lecture) => reversedLast(retitled(theirs, lecture.id, 'Renamed on the school')),
    );
    await new Promise<void>((resolve) => {
      const check = () => {
        if (outbox.box.entries()[0]?.problem?.code === 'conflict') resolve();
      };
      outbox.box.onChange(check);
      check();
    });
    expect(outbox.views()[0]).toMatchObject({
      state: 'needs_you',
      problem: { code: 'conflict', fields: ['sections'] },
    });
    expect(await outbox.resolve(outbox.box.entries()[0]!.id, 'mine')).toBe(true);
    await drained(outbox);
    const onSchool = (await harness.client.client().get('courses', courseId)).record;
    expect(onSchool.sections).toEqual(
      retitled(reversedLast(sections), first.id, 'Welcome, new cohort'),
    );
  });
});

describe('curriculum entries in the outbox', () => {
  it('two unsent changes of one course’s curriculum are one entry: the later outline, on the first version seen', () => {
    const first = [{ id: 'a', title: 'Intro', lectures: [] }];
    const later = [...first, { id: 'b', title: 'More', lectures: [] }];
    const merged = coalesce(
      { kind: 'update', entity: 'courses', id: 'c1', fields: { sections: first }, etag: '"v1"' },
      {
        kind: 'update',
        entity: 'courses',
        id: 'c1',
        fields: { sections: later, name: 'N' },
        etag: '"v1-shown"',
      },
    );
    expect(merged).toEqual({
      kind: 'update',
      entity: 'courses',
      id: 'c1',
      fields: { sections: later, name: 'N' },
      etag: '"v1"',
    });
  });
});

describe('the copy and the school', () => {
  it('hold the same curriculum for every course after a sync (ids, order and every field)', async () => {
    const h = await perTest.start({ students: 20 });
    const { sync, data } = await perTest.openSchool({ retry: { maxRetries: 0 } });
    await sync.until(allSynced);
    const school = await h.client.client().list('courses', { limit: 50, sort: 'name' });
    expect(school.rows.length).toBeGreaterThan(0);
    for (const course of school.rows) {
      const local = await data.get('courses', course.id);
      expect(local.record.sections, course.name).toEqual(course.sections);
    }
  });
});
