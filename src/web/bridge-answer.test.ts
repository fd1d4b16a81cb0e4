import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './bridge-answer';

/** A value nested `depth` levels deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let level = 1; level < depth; level += 1) value = { inner: value };
  return value;
}

/** A real loopback server answering each call with what `answers` holds for its path. */
const answers = new Map<string, unknown>([
  ['/deep', { ok: true, data: { rows: [nested(200_000)] } }],
  ['/plain', { ok: true, data: { rows: [] } }],
]);
const errors: unknown[] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    try {
      json(response, 200, answers.get(request.url ?? ''));
    } catch (error) {
      errors.push(error);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a bridge answer', () => {
  it('that cannot be serialised still answers, at once, with the bridge’s internal error', async () => {
    const response = await fetch(`${base}/deep`, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'internal' } });
    // The caller hears why, for its log line.
    expect(errors).toHaveLength(1);
  });

  it('that can be serialised is sent as it is', async () => {
    const response = await fetch(`${base}/plain`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, data: { rows: [] } });
  });
});
