import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curriculumRecord, type Course } from './courses';
import { TestPlatform } from './testing';

let platform: TestPlatform;
let tokens: Record<
  'all' | 'coursesOnly' | 'curriculumOnly' | 'curriculumRead' | 'students',
  string
>;

beforeAll(async () => {
  platform = await TestPlatform.start({ rateLimit: null });
  tokens = {
    all: await platform.token(),
    coursesOnly: await platform.token(['courses:read', 'courses:write']),
    curriculumOnly: await platform.token(['curriculum:read', 'curriculum:write']),
    curriculumRead: await platform.token(['curriculum:read']),
    students: await platform.token(['students:read']),
  };
});
afterAll(() => platform.close());

let counter = 0;
async function newCourse(): Promise<{ course: Course; etag: string }> {
  counter += 1;
  const created = await platform.call<Course>('/api/v1/courses', {
    method: 'POST',
    token: tokens.all,
    body: {
      name: `Outline ${counter}`,
      slug: `outline-${counter}`,
      sections: [
        { title: 'Intro', lectures: [{ title: 'Welcome', durationSeconds: 120, preview: true }] },
        { title: 'Setup', lectures: [{ title: 'Install' }, { title: 'Configure' }] },
      ],
    },
  });
  expect(created.status).toBe(201);
  return { course: created.body, etag: created.headers.get('etag')! };
}

const patch = (id: string, token: string, body: unknown, etag?: string) =>
  platform.call<Course>(`/api/v1/courses/${id}`, {
    method: 'PATCH',
    token,
    body,
    headers: etag ? { 'if-match': etag } : {},
  });

describe('a course’s curriculum on the stand-in', () => {
  it('is read with courses:read or curriculum:read, with the course’s ETag', async () => {
    const { course, etag } = await newCourse();
    for (const token of [tokens.coursesOnly, tokens.curriculumRead]) {
      const answer = await platform.call(`/api/v1/courses/${course.id}/curriculum`, { token });
      expect(answer.status).toBe(200);
      expect(curriculumRecord.parse(answer.body).sections).toEqual(course.sections);
      expect(answer.headers.get('etag')).toBe(etag);
    }
    const refused = await platform.call(`/api/v1/courses/${course.id}/curriculum`, {
      token: tokens.students,
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain(
      'scope="courses:read curriculum:read"',
    );
  });

  it('is changed with curriculum:write, and courses:write alone does not change it', async () => {
    const { course, etag } = await newCourse();
    const reordered = [...course.sections].reverse();
    const refused = await patch(course.id, tokens.coursesOnly, { sections: reordered }, etag);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="curriculum:write"');
    // courses:write still changes the course's own fields, and curriculum:write only the outline.
    expect((await patch(course.id, tokens.coursesOnly, { name: 'Renamed' })).status).toBe(200);
    expect((await patch(course.id, tokens.curriculumOnly, { name: 'Again' })).status).toBe(403);
    const changed = await patch(course.id, tokens.curriculumOnly, { sections: reordered });
    expect(changed.status).toBe(200);
    expect(changed.body.sections.map((s) => s.title)).toEqual(['Setup', 'Intro']);
  });

  it('keeps section and lecture ids across edits and reorders, and gives new items ids', async () => {
    const { course } = await newCourse();
    const [intro, setup] = course.sections;
    const moved = [
      { ...setup!, title: 'Getting set up', lectures: [setup!.lectures[1]!, setup!.lectures[0]!] },
      { ...intro!, lectures: [...intro!.lectures, { title: 'New lecture' }] },
    ];
    const changed = await patch(course.id, tokens.all, { sections: moved });
    expect(changed.status).toBe(200);
    const [first, second] = changed.body.sections;
    expect(first!.id).toBe(setup!.id);
    expect(first!.lectures.map((l) => l.id)).toEqual([
      setup!.lectures[1]!.id,
      setup!.lectures[0]!.id,
    ]);
    expect(second!.id).toBe(intro!.id);
    expect(second!.lectures[0]).toEqual(intro!.lectures[0]);
    expect(second!.lectures[1]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 412 to a change made on an older version', async () => {
    const { course, etag } = await newCourse();
    expect((await patch(course.id, tokens.all, { name: 'Moved on' }, etag)).status).toBe(200);
    const stale = await patch(course.id, tokens.all, { sections: [] }, etag);
    expect(stale.status).toBe(412);
    expect((stale.body as unknown as { current: Course }).current.name).toBe('Moved on');
  });

  it('needs curriculum:write to create a course with an outline', async () => {
    counter += 1;
    const body = {
      name: 'With outline',
      slug: `with-outline-${counter}`,
      sections: [{ title: 'One' }],
    };
    const refused = await platform.call('/api/v1/courses', {
      method: 'POST',
      token: tokens.coursesOnly,
      body,
    });
    expect(refused.status).toBe(403);
    const withEmpty = await platform.call('/api/v1/courses', {
      method: 'POST',
      token: tokens.coursesOnly,
      body: { ...body, slug: `${body.slug}-empty`, sections: [] },
    });
    expect(withEmpty.status).toBe(201);
  });

  it('keeps its limits: at most 100 sections', async () => {
    const { course } = await newCourse();
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ title: `S${i}` }));
    expect((await patch(course.id, tokens.all, { sections: tooMany })).status).toBe(422);
  });
});
