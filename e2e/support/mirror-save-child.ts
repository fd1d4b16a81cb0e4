/**
 * Test helper, not app code: the process that mirror-files.crash.test.ts kills with SIGKILL.
 * It saves two contents alternately through MirrorFiles, forever, and prints `saved <n>` after
 * each save is on disk.
 *
 * Usage: node --import tsx e2e/support/mirror-save-child.ts <dataDir> <keyFile> <key> <a> <b>
 * where <a> and <b> are files holding the two contents.
 */
import { readFileSync } from 'node:fs';
import { FileKeyEncryptor } from '../../src/core/store/file-key-encryptor';
import { MirrorFiles } from '../../src/core/store/mirror-files';

/** However the parent ends, this process must not outlive it for long. */
const LIFETIME_MS = 60_000;

const [dataDir, keyFile, key, fileA, fileB] = process.argv.slice(2);
if (!dataDir || !keyFile || !key || !fileA || !fileB) {
  process.stderr.write('usage: mirror-save-child <dataDir> <keyFile> <key> <a> <b>\n');
  process.exit(2);
}

// The parent holds our stdin open; when it dies, the pipe closes and we go too.
process.stdin.on('close', () => process.exit(3));
process.stdin.resume();
setTimeout(() => process.exit(4), LIFETIME_MS).unref();

const contents = [readFileSync(fileA), readFileSync(fileB)];
const log = {
  info: (m: string) => process.stderr.write(`info: ${m}\n`),
  warn: (m: string) => process.stderr.write(`warn: ${m}\n`),
  error: (m: string) => process.stderr.write(`error: ${m}\n`),
};
const files = new MirrorFiles(dataDir, new FileKeyEncryptor(keyFile), () => true, log);

for (let n = 0; ; n += 1) {
  await files.save(key, contents[n % 2]!);
  process.stdout.write(`saved ${n}\n`);
}
