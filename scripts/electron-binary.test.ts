import { describe, expect, it } from 'vitest';
import { electronBinaryPath } from './electron-binary';

describe('electronBinaryPath', () => {
  it('takes ELECTRON_EXEC_PATH when it points at a file', () => {
    expect(electronBinaryPath({ ELECTRON_EXEC_PATH: process.execPath })).toBe(process.execPath);
    expect(electronBinaryPath({ ELECTRON_EXEC_PATH: '/nonexistent/electron' })).toBeNull();
  });
});
