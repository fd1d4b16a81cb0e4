import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hostText } from '../core/host';

/**
 * `npm run web` as the owner runs it, real processes on one data folder: the address it
 * prints survives a restart, `--new-secret` rotates it, and the terminal speaks its
 * language (LC_ALL / LANG).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-cli-address-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The address in the ready line, whatever the language. */
const ADDRESS = /(http:\/\/127\.0\.0\.1:\d+)\/#(\S+)$/;

/** Starts the host, waits for the printed address, stops it politely, and answers its output. */
async function run(args: string[], locale = 'en_US.UTF-8') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/web/cli.ts', '--data', dataDir, '--no-browser', ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: locale } },
  );
  const exited = once(child, 'exit');
  const closed = once(child.stdout, 'close');
  const lines: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const ready = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (ADDRESS.test(line)) resolve(line);
    });
    void exited.then(([code]) => reject(new Error(`exited ${code}: ${stderr.join('\n')}`)));
  });
  child.kill('SIGTERM');
  expect((await exited)[0]).toBe(0);
  // Every line it printed, the ones after the address too.
  await closed;
  const [, url, secret] = ADDRESS.exec(ready)!;
  return { ready, url: url!, secret: secret!, output: lines.join('\n') };
}

describe('npm run web on one data folder', () => {
  it('prints the same address after a restart, and a new secret with --new-secret', async () => {
    const en = hostText('en');
    const first = await run([]);
    expect(first.ready).toBe(en.t('terminal.ready', { address: `${first.url}/#${first.secret}` }));
    expect(first.output).toContain(en.t('terminal.bookmark'));

    const again = await run([]);
    expect(again.ready).toBe(first.ready);
    expect(again.output).not.toContain(en.t('terminal.newSecret'));

    const rotated = await run(['--new-secret']);
    expect(rotated.url).toBe(first.url);
    expect(rotated.secret).not.toBe(first.secret);
    expect(rotated.output).toContain(en.t('terminal.newSecret'));

    // In a Chinese terminal, the same (rotated) address in Chinese words.
    const zh = hostText('zh-TW');
    const chinese = await run([], 'zh_TW.UTF-8');
    expect(chinese.ready).toBe(
      zh.t('terminal.ready', { address: `${rotated.url}/#${rotated.secret}` }),
    );
    expect(chinese.output).toContain(zh.t('terminal.bookmark'));
  }, 120_000);
});
