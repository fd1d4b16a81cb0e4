/**
 * Test helper, not app code: the process that first-sync.crash.test.ts kills with SIGKILL in
 * the middle of a first sync. It opens the school's encrypted database in `dataDir` (as the
 * app does: SchoolDatabases, MirrorDatabase with its index builder) and runs the app's
 * SchoolSync of the students area against the stand-in, resuming where the last run stopped.
 * It prints `rows <n>` as rows are stored and `synced <n>` when the area is synced.
 *
 * Usage: FIRST_SYNC_CHILD_TOKEN=... node --import tsx e2e/support/first-sync-child.ts <dataDir> <key> <apiBaseUrl>
 */
import { join } from 'node:path';
import type { LogSink } from '../../src/core/adapters';
import { PlatformClient } from '../../src/core/platform/platform-client';
import { FileKeyEncryptor } from '../../src/core/store/file-key-encryptor';
import { MirrorDatabase } from '../../src/core/store/mirror-database';
import { SchoolDatabases } from '../../src/core/store/school-database';
import { linkSchool } from '../../src/core/sync/school-link';
import { SchoolSync } from '../../src/core/sync/school-sync';

const [dataDir, key, apiBaseUrl] = process.argv.slice(2);
const token = process.env['FIRST_SYNC_CHILD_TOKEN'];
if (!dataDir || !key || !apiBaseUrl || !token) {
  process.stderr.write(
    'usage: FIRST_SYNC_CHILD_TOKEN=... first-sync-child <dataDir> <key> <apiBaseUrl>\n',
  );
  process.exit(2);
}
process.stdin.on('close', () => process.exit(3));
process.stdin.resume();
setTimeout(() => process.exit(4), 60_000).unref();

const say = (line: string) => process.stdout.write(`${line}\n`);
const log: LogSink = {
  info: () => undefined,
  warn: (m) => process.stderr.write(`warn: ${m}\n`),
  error: (m) => process.stderr.write(`error: ${m}\n`),
};
const databases = new SchoolDatabases(
  dataDir,
  new FileKeyEncryptor(join(dataDir, 'data.key')),
  () => true,
  log,
);
const { db, buildIndexes, startHelper } = await databases.open(key);
const link = linkSchool(
  (url, { priority: _priority, ...init }) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  },
  { limits: { reads: null, writes: null }, log },
);
const client = new PlatformClient({ apiBaseUrl, transport: link.background });
const sync = SchoolSync.open({
  schoolId: key,
  mirror: MirrorDatabase.open(db, buildIndexes, startHelper),
  source: (area, query) => client.page(area, query),
  reachability: link.reachability,
  scopes: ['students:read'],
  log,
  schedule: { progressMs: 0 },
  // Small pages, one at a time: a first sync long enough to be killed at any point in it.
  pull: { perPage: 20, concurrency: 2 },
  onStatus: (status) => {
    const students = status.areas.students;
    if (students.state === 'synced') say(`synced ${students.rows}`);
    else say(`rows ${students.rows}`);
  },
});
void sync;
