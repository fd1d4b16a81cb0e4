import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogSink } from '../core/host';
import { withLogFile } from './file-log';

const root = mkdtempSync(join(tmpdir(), 'schooldesk-file-log-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function terminal(lines: string[]): LogSink {
  return {
    info: (line) => void lines.push(line),
    warn: (line) => void lines.push(line),
    error: (line) => void lines.push(line),
  };
}

describe('the web host’s log file', () => {
  it('keeps every line with its time and level, private to the owner; the terminal shows it as it was', () => {
    const shown: string[] = [];
    const file = join(root, 'data', 'logs', 'web-host.log');
    const log = withLogFile(file, terminal(shown));
    log.info('ready');
    log.error('coupons:list failed (internal): did not match what Schooldesk expects');
    expect(shown).toEqual([
      'ready',
      'coupons:list failed (internal): did not match what Schooldesk expects',
    ]);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z info ready$/);
    expect(lines[1]).toMatch(/ error coupons:list failed \(internal\): /);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'data', 'logs')).mode & 0o777).toBe(0o700);
  });

  it('never stops the host when the file cannot be written (a full disk): the terminal still says it', () => {
    const shown: string[] = [];
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, '');
    const log = withLogFile(join(blocker, 'logs', 'web-host.log'), terminal(shown));
    expect(() => log.warn('still said')).not.toThrow();
    expect(shown).toEqual(['still said']);
  });
});
