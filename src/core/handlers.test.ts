import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, handle } from './handlers';
import { createServices } from './services';
import { FileKeyEncryptor } from './store/file-key-encryptor';
import type { AppEvent } from '../shared/contract';

const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-handlers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const events: AppEvent[] = [];
const opened: string[] = [];
const handlers = createHandlers(
  createServices({
    dataDir,
    encryptor: new FileKeyEncryptor(join(dataDir, 'key')),
    browser: { open: (url) => Promise.resolve(void opened.push(url)) },
    emit: (event) => events.push(event),
  }),
);
const call = (channel: unknown, request: unknown, trustedSender = true) =>
  handle(handlers, channel, request, { trustedSender });

const huge = 'x'.repeat(1_000_000);
const SCHOOL = 'https://school.example https://school.example';
const SOME_ID = '5b3f1c1e-8a4d-4f7e-9a51-0d6f1c2b3a4e';

describe('handle(): hostile input gets a coded error and nothing crashes', () => {
  it.each([
    ['an unknown channel', 'session:steal', {}, 'unknown_channel'],
    ['a prototype key as channel', '__proto__', {}, 'unknown_channel'],
    ['a channel that is not a string', 42, {}, 'unknown_channel'],
    ['wrong types', 'session:signIn', { school: 7, scopes: 'all' }, 'invalid_request'],
    [
      'extra fields',
      'session:signIn',
      { school: 'school.example', scopes: [], token: 'x' },
      'invalid_request',
    ],
    [
      'an unknown scope',
      'session:signIn',
      { school: 'school.example', scopes: ['grades:read'] },
      'invalid_request',
    ],
    ['a huge string', 'session:signIn', { school: huge, scopes: [] }, 'invalid_request'],
    ['an empty address', 'session:signIn', { school: '   ', scopes: [] }, 'invalid_request'],
    ['a missing body', 'session:signOut', undefined, 'invalid_request'],
    ['null', 'session:cancel', null, 'invalid_request'],
    [
      'an attempt id that is not one',
      'session:cancel',
      { attemptId: '../../etc' },
      'invalid_request',
    ],
    [
      'a school named by something other than two addresses',
      'session:signOut',
      { schoolId: 'javascript:alert(1)' },
      'invalid_request',
    ],
    ['an array instead of an object', 'session:current', [], 'invalid_request'],
    ['extra fields on an empty request', 'session:current', { admin: true }, 'invalid_request'],
    [
      'a list window too large',
      'students:list',
      { schoolId: SCHOOL, limit: 501 },
      'invalid_request',
    ],
    [
      'a negative offset',
      'students:list',
      { schoolId: SCHOOL, offset: -1, limit: 5 },
      'invalid_request',
    ],
    [
      'an unknown sort',
      'courses:list',
      { schoolId: SCHOOL, sort: 'password', limit: 5 },
      'invalid_request',
    ],
    [
      'a filter the entity does not have',
      'students:list',
      { schoolId: SCHOOL, filters: { active: true }, limit: 5 },
      'invalid_request',
    ],
    [
      'a record id that is a path',
      'courses:get',
      { schoolId: SCHOOL, id: '../admin' },
      'invalid_request',
    ],
    [
      'a field that is not writable',
      'courses:update',
      { schoolId: SCHOOL, id: SOME_ID, etag: '"1"', fields: { createdAt: 0 } },
      'invalid_request',
    ],
    [
      'a create without its required fields',
      'coupons:create',
      { schoolId: SCHOOL, fields: { name: 'Spring' } },
      'invalid_request',
    ],
    [
      'a coupon pattern without #',
      'coupons:generate',
      {
        schoolId: SCHOOL,
        jobId: SOME_ID,
        count: 2,
        pattern: 'SPRING',
        fields: { name: 'S', amount: 5 },
      },
      'invalid_request',
    ],
  ])('%s', async (_name, channel, request, code) => {
    const result = await call(channel, request);
    expect(result).toMatchObject({ ok: false, error: { code } });
    // A code, never a sentence: the renderer writes it in the owner's language.
    if (!result.ok) expect(result.error).not.toHaveProperty('message');
  });

  it('refuses a sender the host did not vouch for', async () => {
    expect(await call('session:current', {}, false)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('answers a named sign-in error for an address that is not a school', async () => {
    const result = await call('session:signIn', {
      school: 'ftp://school.example',
      scopes: ['courses:read'],
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_school_address' } });
    expect(opened).toEqual([]);
  });

  it('answers a workspace call for a school not signed in with a sentence', async () => {
    const result = await call('courses:list', { schoolId: SCHOOL, limit: 5 });
    expect(result).toEqual({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });

  it('answers signing out of a school never signed in without crashing', async () => {
    const result = await call('session:signOut', { schoolId: SCHOOL });
    expect(result).toEqual({ ok: true, data: { revoked: true } });
  });

  it('answers well-formed calls', async () => {
    expect(await call('session:current', {})).toEqual({
      ok: true,
      data: { sessions: [], tokensPersist: true, keyringAvailable: true, pendingRevocations: [] },
    });
    expect(await call('schools:recent', {})).toEqual({ ok: true, data: [] });
    expect(
      await call('session:cancel', { attemptId: '5b3f1c1e-8a4d-4f7e-9a51-0d6f1c2b3a4e' }),
    ).toEqual({
      ok: true,
      data: { cancelled: false },
    });
  });
});

describe('handle(): what an unexpected failure leaves in the log', () => {
  /** The one line logged when a channel's handler throws `error`. */
  async function logged(error: unknown): Promise<string[]> {
    const lines: string[] = [];
    const log = {
      info: (line: string) => void lines.push(line),
      warn: (line: string) => void lines.push(line),
      error: (line: string) => void lines.push(line),
    };
    const throwing = {
      'schools:recent': () => {
        throw error;
      },
    } as unknown as typeof handlers;
    const answer = await handle(throwing, 'schools:recent', {}, { trustedSender: true, log });
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
    return lines;
  }

  it('is one readable line with its code, not a dump of zod issues', async () => {
    const { z } = await import('zod');
    const parsed = z
      .object({ nodes: z.array(z.object({ code: z.string(), amount: z.number() })) })
      .safeParse({ nodes: [{ code: 7, amount: 'x' }] });
    const lines = await logged(parsed.error);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toContain('schools:recent failed (internal)');
    expect(line).toContain('nodes.0.code');
    expect(line).not.toMatch(/[[{]\s*\n|\n/);
  });
});
