import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostText } from '../../core/host';
import { dialogSaver, type ShowSaveDialog } from './dialog-saver';

const dir = mkdtempSync(join(tmpdir(), 'schooldesk-saver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dialogSaver', () => {
  it('suggests the name in Downloads, filters CSV, and writes where the owner chose', async () => {
    const asked: Parameters<ShowSaveDialog>[0][] = [];
    const chosen = join(dir, 'my-students.csv');
    const save = dialogSaver({
      show: (options) => {
        asked.push(options);
        return Promise.resolve({ canceled: false, filePath: chosen });
      },
      writeFile: (path, content) => writeFile(path, content, 'utf8'),
      downloadsDir: '/home/owner/Downloads',
    });
    expect(await save('students-2026-11-21.csv', '\uFEFFname\r\nAda')).toEqual({
      outcome: 'saved',
      fileName: 'my-students.csv',
    });
    expect(asked[0]).toMatchObject({
      defaultPath: '/home/owner/Downloads/students-2026-11-21.csv',
      filters: [{ name: 'CSV files', extensions: ['csv'] }],
    });
    expect(readFileSync(chosen, 'utf8')).toBe('\uFEFFname\r\nAda');
  });

  it('answers cancelled and writes nothing when the dialog is dismissed', async () => {
    const written: string[] = [];
    const save = dialogSaver({
      show: () => Promise.resolve({ canceled: true }),
      writeFile: (path) => Promise.resolve(void written.push(path)),
      downloadsDir: dir,
    });
    expect(await save('coupons.csv', 'x')).toEqual({ outcome: 'cancelled' });
    expect(written).toEqual([]);
  });

  it('asks in the owner’s language', async () => {
    const asked: Parameters<ShowSaveDialog>[0][] = [];
    const save = dialogSaver({
      show: (options) => Promise.resolve({ canceled: !!asked.push(options) }),
      writeFile: () => Promise.resolve(),
      downloadsDir: dir,
      text: () => hostText('zh-TW'),
    });
    await save('學員-2026-11-24.csv', 'x');
    expect(asked[0]).toMatchObject({
      title: '匯出為 CSV',
      buttonLabel: '儲存',
      filters: [{ name: 'CSV 檔案', extensions: ['csv'] }],
    });
  });

  it('keeps only the last segment of a suggested name', async () => {
    let defaultPath = '';
    const save = dialogSaver({
      show: (options) => {
        defaultPath = options.defaultPath;
        return Promise.resolve({ canceled: true });
      },
      writeFile: () => Promise.resolve(),
      downloadsDir: '/dl',
    });
    await save('../../etc/passwd.csv', 'x');
    expect(defaultPath).toBe('/dl/passwd.csv');
  });
});
