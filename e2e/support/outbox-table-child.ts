/**
 * Test helper, not app code: the process that outbox-table.crash.test.ts kills with SIGKILL.
 * It opens the school's database and its outbox table, continues the numbering it finds
 * there, and appends numbered entries forever, one append each: `e<n>` = { n, text } and the
 * overwritten `counter` = { n }. It prints `acked <n>` right after the append of n resolved,
 * and `start <n>` before the first.
 *
 * Usage: node --import tsx e2e/support/outbox-table-child.ts <dataDir> <keyFile> <key>
 */
import { OutboxTable } from '../../src/core/outbox/outbox-table';
import { FileKeyEncryptor } from '../../src/core/store/file-key-encryptor';
import { SchoolDatabases } from '../../src/core/store/school-database';

/** However the parent ends, this process must not outlive it for long. */
const LIFETIME_MS = 60_000;

const [dataDir, keyFile, key] = process.argv.slice(2);
if (!dataDir || !keyFile || !key) {
  process.stderr.write('usage: outbox-table-child <dataDir> <keyFile> <key>\n');
  process.exit(2);
}

// The parent holds our stdin open; when it dies, the pipe closes and we go too.
process.stdin.on('close', () => process.exit(3));
process.stdin.resume();
setTimeout(() => process.exit(4), LIFETIME_MS).unref();

const log = {
  info: (m: string) => process.stderr.write(`info: ${m}\n`),
  warn: (m: string) => process.stderr.write(`warn: ${m}\n`),
  error: (m: string) => process.stderr.write(`error: ${m}\n`),
};
const databases = new SchoolDatabases(dataDir, new FileKeyEncryptor(keyFile), () => true, log);
const { db } = await databases.open(key);
const table = new OutboxTable(db, 'owner');

const entries = await table.open();
const next = entries.has('counter') ? (entries.get('counter') as { n: number }).n + 1 : 0;
// Pipes are written synchronously on POSIX: a printed line is out before the next append.
process.stdout.write(`start ${next}\n`);
for (let n = next; ; n += 1) {
  await table.append([
    { op: 'put', id: `e${n}`, value: { n, text: `entry ${n}` } },
    { op: 'put', id: 'counter', value: { n } },
  ]);
  process.stdout.write(`acked ${n}\n`);
}
