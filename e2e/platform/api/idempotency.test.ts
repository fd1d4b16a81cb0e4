import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform } from './testing';

type Course = { id: string; slug: string };

describe('Idempotency-Key', () => {
  let platform: TestPlatform;
  let token: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ students: 10, rateLimit: null });
    token = await platform.token();
  });
  afterAll(() => platform.close());

  const create = (key: string, body: object) =>
    platform.call<Course>('/api/v1/courses', {
      method: 'POST',
      token,
      body,
      headers: { 'idempotency-key': key },
    });
  const countSlug = async (slug: string) =>
    (await platform.call<{ totalCount: number }>(`/api/v1/courses?q=${slug}`, { token })).body
      .totalCount;

  it('answers a retry with the first response and creates nothing twice', async () => {
    const first = await create('key-1', { name: 'Once', slug: 'once-only' });
    const retry = await create('key-1', { slug: 'once-only', name: 'Once' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await countSlug('once-only')).toBe(1);
  });

  it('refuses the same key with a different body', async () => {
    await create('key-2', { name: 'Two', slug: 'two-a' });
    const reused = await create('key-2', { name: 'Two', slug: 'two-b' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ error: 'idempotency_key_reused' });
    expect(await countSlug('two-b')).toBe(0);
  });

  it('does not store failures, so a corrected retry with the same key goes through', async () => {
    const bad = await create('key-3', { name: '', slug: 'three' });
    expect(bad.status).toBe(422);
    const sameBadAgain = await create('key-3', { name: '', slug: 'three' });
    expect(sameBadAgain.headers.get('idempotent-replayed')).toBeNull();
    const fixed = await create('key-3', { name: 'Three', slug: 'three' });
    expect(fixed.status).toBe(201);
  });

  it('without a key, every POST creates', async () => {
    const a = await platform.call<Course>('/api/v1/students', {
      method: 'POST',
      token,
      body: { name: 'No Key', email: 'nokey1@test.example' },
    });
    const b = await platform.call<Course>('/api/v1/students', {
      method: 'POST',
      token,
      body: { name: 'No Key', email: 'nokey2@test.example' },
    });
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('refuses a malformed key', async () => {
    const answer = await create('x'.repeat(300), { name: 'Long', slug: 'long-key' });
    expect(answer.status).toBe(400);
  });
});

describe('Idempotency-Key across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idempotency-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is kept in the database, so a retry after a restart is still recognised', async () => {
    const first = await TestPlatform.start({ students: 10, rateLimit: null, dataDir });
    const token = await first.token();
    const request = {
      method: 'POST',
      token,
      body: { name: 'Durable', slug: 'durable' },
      headers: { 'idempotency-key': 'restart-key' },
    };
    const created = await first.call<Course>('/api/v1/courses', request);
    const { port } = first.platform;
    await first.close();

    // Same port: the issuer (and so the token's audience) is the base URL.
    const second = await TestPlatform.start({ students: 10, rateLimit: null, dataDir, port });
    try {
      const retry = await second.call<Course>('/api/v1/courses', request);
      expect(retry.status).toBe(201);
      expect(retry.body.id).toBe(created.body.id);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await second.close();
    }
  });
});
