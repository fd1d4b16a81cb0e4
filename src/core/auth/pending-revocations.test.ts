import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogSink } from '../adapters';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { PendingRevocationStore, type PendingRevocation } from './pending-revocations';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function setUp(persists = true) {
  const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-pending-'));
  folders.push(dataDir);
  const lines: string[] = [];
  const log: LogSink = {
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(m),
    error: (m) => void lines.push(m),
  };
  const encryptor = new FileKeyEncryptor(join(dataDir, 'keys', 'session.key'));
  const open = () => new PendingRevocationStore(dataDir, encryptor, () => persists, log);
  return { dataDir, lines, open, folder: join(dataDir, 'revocations') };
}

const SCHOOL = 'http://127.0.0.1:5000 http://127.0.0.1:5000';
const record = (schoolId = SCHOOL): PendingRevocation => ({
  schoolId,
  issuer: schoolId.split(' ')[0]!,
  baseUrl: schoolId.split(' ')[1]!,
  since: 1_700_000_000_000,
  tokens: [
    { hint: 'refresh_token', value: 'refresh-secret-value-0123456789', clientId: 'client-a' },
    { hint: 'access_token', value: 'access-secret-value-0123456789', clientId: 'client-a' },
  ],
});

describe('the pending revocation store', () => {
  it('keeps records encrypted on disk, under hashed names, and reads them at the next start', async () => {
    const { open, folder } = setUp();
    expect(await open().put(record())).toBe(true);
    const [name] = readdirSync(folder);
    expect(name).toMatch(/^[0-9a-f]{32}\.pending$/);
    const bytes = readFileSync(join(folder, name!)).toString('latin1');
    expect(bytes).not.toContain('secret-value');
    expect(bytes).not.toContain('127.0.0.1');

    const next = open();
    expect(await next.all()).toEqual([record()]);
    expect(await next.summaries()).toEqual([
      {
        schoolId: SCHOOL,
        baseUrl: 'http://127.0.0.1:5000',
        since: 1_700_000_000_000,
        survivesRestart: true,
      },
    ]);
    await next.remove(SCHOOL);
    expect(readdirSync(folder)).toEqual([]);
    expect(await open().all()).toEqual([]);
  });

  it('keeps records in memory only where tokens would not reach the disk', async () => {
    const { dataDir, open } = setUp(false);
    const store = open();
    expect(await store.put(record())).toBe(false);
    expect(await store.summaries()).toMatchObject([{ survivesRestart: false }]);
    expect(readdirSync(dataDir)).not.toContain('revocations');
    expect(await open().all()).toEqual([]);
  });

  it('removes a record that will not decrypt, and logs that without its content', async () => {
    const { open, folder, lines } = setUp();
    await open().put(record());
    const [name] = readdirSync(folder);
    writeFileSync(join(folder, name!), 'refresh_token=garbage-that-will-not-decrypt');
    expect(await open().all()).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
    expect(lines).toEqual([
      'a pending revocation could not be read on this computer and was removed',
    ]);
  });
});
