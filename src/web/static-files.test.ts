import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staticFile, withWebBridge } from './static-files';

const top = mkdtempSync(join(tmpdir(), 'schooldesk-static-'));
const root = join(top, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<script type="module" src="./assets/app.js"></script>');
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(top, 'secret.txt'), 'outside the build folder');
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('staticFile', () => {
  it('serves files of the build folder with their type', async () => {
    expect((await staticFile(root, '/assets/app.js'))?.type).toContain('javascript');
    expect((await staticFile(root, '/'))?.type).toContain('text/html');
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '//../secret.txt',
    '/%E0%A4%A',
  ])('never serves anything outside it: %s', async (path) => {
    expect(await staticFile(root, path)).toBeUndefined();
  });

  it('loads the web bridge before the app', () => {
    const html = withWebBridge('<script type="module" src="./assets/app.js"></script>');
    expect(html.indexOf('web-bridge.js')).toBeLessThan(html.indexOf('app.js'));
  });
});
