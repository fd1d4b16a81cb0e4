import { describe, expect, it } from 'vitest';
import { hostOverrides } from './host-overrides';

describe('hostOverrides', () => {
  it('reads the data folder and the no-browser switch in unpackaged runs', () => {
    expect(
      hostOverrides({ SCHOOLDESK_DATA_DIR: '/tmp/sd', SCHOOLDESK_NO_BROWSER: '1' }, false),
    ).toEqual({ dataDir: '/tmp/sd', openBrowser: false });
    expect(hostOverrides({}, false)).toEqual({ dataDir: undefined, openBrowser: true });
    expect(hostOverrides({ SCHOOLDESK_NO_BROWSER: '0' }, false).openBrowser).toBe(true);
  });

  it('ignores both in a packaged app', () => {
    expect(
      hostOverrides({ SCHOOLDESK_DATA_DIR: '/tmp/sd', SCHOOLDESK_NO_BROWSER: '1' }, true),
    ).toEqual({ dataDir: undefined, openBrowser: true });
  });

  it('refuses a relative data folder', () => {
    expect(() => hostOverrides({ SCHOOLDESK_DATA_DIR: 'data' }, false)).toThrow(/absolute/);
  });
});
