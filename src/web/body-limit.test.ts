import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from './server';

/** The bridge takes a large import in one request, and still refuses a flood. */
const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-body-limit-'));
let host: WebHost;
beforeAll(async () => {
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: dataDir,
    browser: { open: () => Promise.resolve() },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
});
afterAll(async () => {
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (channel: string, body: string) =>
  fetch(`${host.url}/bridge/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: host.url,
      'x-schooldesk-secret': host.secret,
    },
    body,
  }).then(async (response) => ({
    status: response.status,
    ...((await response.json()) as { ok: boolean; error?: { code: string } }),
  }));

describe('web bridge request bodies', () => {
  it('carries a 50,000-row import to the handler', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      name: `Student number ${i} with a fairly long name`,
      email: `student.number.${i}@a-school-domain.example`,
      phoneNumber: '+1 (555) 010-0000',
    }));
    const body = JSON.stringify({
      schoolId: 'https://school.example https://school.example/api',
      jobId: crypto.randomUUID(),
      rows,
    });
    expect(body.length).toBeGreaterThan(5 * 1024 * 1024);
    // Past the body check and the contract, the handler answers: no school is signed in.
    expect(await post('students:import', body)).toMatchObject({
      status: 200,
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });

  it('refuses a body over 16 MiB', async () => {
    const body = JSON.stringify({ jobId: 'x'.repeat(17 * 1024 * 1024) });
    expect(await post('jobs:cancel', body)).toMatchObject({
      status: 413,
      ok: false,
      error: { code: 'invalid_request' },
    });
  });
});
