/**
 * Test helper, not app code: the web host in a process of its own, so a benchmark can read
 * the host's own memory (/proc/<pid>/status) and time its bridge from outside. It prints one
 * line of JSON, `{"url": ..., "secret": ...}`, once it listens, and stops when its stdin closes
 * (the parent went away) or after an hour.
 *
 * Usage: node --import tsx e2e/support/host-child.ts <dataDir> <rendererDir> [unpaced], or its
 * bundle (school-database-performance.spec.ts makes one) with node alone.
 * `unpaced`: the app keeps no pace with the school (the stand-in's limit is off too).
 */
import { silentLog } from '../../src/core/auth/secret-mask';
import { startWebHost } from '../../src/web/server';

const [dataDir, rendererDir, pace] = process.argv.slice(2);
if (!dataDir || !rendererDir) {
  process.stderr.write('usage: host-child <dataDir> <rendererDir> [unpaced]\n');
  process.exit(2);
}
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
setTimeout(() => process.exit(4), 60 * 60_000).unref();

const host = await startWebHost({
  port: 0,
  dataDir,
  rendererDir,
  browser: { open: () => Promise.resolve() },
  log: silentLog,
  ...(pace === 'unpaced' ? { rateLimits: { reads: null, writes: null } } : {}),
});
process.stdout.write(`${JSON.stringify({ url: host.url, secret: host.secret })}\n`);
