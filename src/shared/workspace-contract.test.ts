import { describe, expect, it } from 'vitest';
import { workspaceContract } from './workspace-contract';

const schoolId = 'https://school.test https://school.test';
const id = '00000000-0000-4000-8000-000000000001';

describe('the ETag a save names', () => {
  it('refuses one that matches any version, for an update and a delete', () => {
    for (const etag of ['', ' ', '*', ' * ', '"abc", *']) {
      const update = workspaceContract['courses:update'].request.safeParse({
        schoolId,
        id,
        fields: { name: 'Mine' },
        etag,
      });
      expect(update.success, `update with ${JSON.stringify(etag)}`).toBe(false);
      const remove = workspaceContract['pages:delete'].request.safeParse({ schoolId, id, etag });
      expect(remove.success, `delete with ${JSON.stringify(etag)}`).toBe(false);
    }
  });

  it('refuses one HTTP cannot carry (a line break would end the If-Match header)', () => {
    for (const etag of ['"abc"\r\nX-Injected: 1', '"a\nb"', '"a\rb"', '"a\u0000"', '"課程"']) {
      const update = workspaceContract['courses:update'].request.safeParse({
        schoolId,
        id,
        fields: { name: 'Mine' },
        etag,
      });
      expect(update.success, `update with ${JSON.stringify(etag)}`).toBe(false);
      const remove = workspaceContract['pages:delete'].request.safeParse({ schoolId, id, etag });
      expect(remove.success, `delete with ${JSON.stringify(etag)}`).toBe(false);
    }
  });

  it('takes a real one, or none (core then asks the school for the version)', () => {
    for (const etag of ['"abc"', 'W/"abc"', undefined]) {
      const request = { schoolId, id, fields: { name: 'Mine' }, ...(etag ? { etag } : {}) };
      expect(workspaceContract['students:update'].request.safeParse(request).success).toBe(true);
    }
  });
});

describe('what a write answers', () => {
  it('keeps a create’s replayed flag and the time a waiting write is sent', () => {
    const answer = workspaceContract['coupons:create'].response.parse({
      record: { id, name: 'Spring', code: 'SPRING', amount: 5 },
      etag: undefined,
      created: true,
      replayed: true,
      pending: true,
      retryAt: 1_700_000_040_000,
    });
    expect(answer).toMatchObject({ replayed: true, pending: true, retryAt: 1_700_000_040_000 });
    const saved = workspaceContract['courses:update'].response.parse({
      record: { id, name: 'Ink', slug: 'ink' },
      etag: undefined,
      pending: true,
      retryAt: 1_700_000_040_000,
    });
    expect(saved.retryAt).toBe(1_700_000_040_000);
  });
});

describe('the search a list or an export asks for', () => {
  it('is trimmed, and a blank one is no search (the rule of list-rules.ts)', () => {
    const list = (q: string) =>
      workspaceContract['students:list'].request.parse({ schoolId, q, limit: 10 }).q;
    expect(list('  Ada ')).toBe('Ada');
    expect(list('   ')).toBeUndefined();
    const exported = (q: string) =>
      workspaceContract['export:csv'].request.parse({
        schoolId,
        jobId: id,
        list: { entity: 'coupons', q },
      }).list.q;
    expect(exported(' SPRING ')).toBe('SPRING');
    expect(exported('')).toBeUndefined();
  });
});
