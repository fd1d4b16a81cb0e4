import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHandlers, handle } from '../handlers';
import { createServices } from '../services';
import { FileKeyEncryptor } from '../store/file-key-encryptor';

/** The job channels through the app's own composition root, before any school signs in. */
const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-job-handlers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const handlers = createHandlers(
  createServices({
    dataDir,
    encryptor: new FileKeyEncryptor(join(dataDir, 'key')),
    browser: { open: () => Promise.resolve() },
    emit: () => undefined,
  }),
);
const call = (channel: string, request: unknown) =>
  handle(handlers, channel, request, { trustedSender: true });
const schoolId = 'https://school.example https://school.example';
const fields = { name: 'Sale', amount: 5 };

describe('job channels', () => {
  it('cancelling a job that is not running answers false', async () => {
    expect(await call('jobs:cancel', { jobId: randomUUID() })).toEqual({
      ok: true,
      data: { cancelled: false },
    });
  });

  it('a pattern too small is refused with a sentence on the pattern field', async () => {
    const answer = await call('coupons:generate', {
      schoolId,
      jobId: randomUUID(),
      count: 100,
      pattern: 'ab#',
      fields,
    });
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'validation_failed',
        details: { fields: { pattern: expect.stringContaining('only 31 codes') as unknown } },
      },
    });
  });

  it('a school that is not signed in gets not_signed_in, not a crash', async () => {
    const answer = await call('students:import', {
      schoolId,
      jobId: randomUUID(),
      rows: [{ name: 'Ada', email: 'ada@example.com' }],
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });

  it('refuses more rows than the contract allows', async () => {
    const rows = Array.from({ length: 50_001 }, () => ({ name: 'A', email: 'a@b.co' }));
    const answer = await call('students:import', { schoolId, jobId: randomUUID(), rows });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});
