import { describe, expect, it } from 'vitest';
import { describeSupport, judgeSupport, type RegistryView } from './electron-support';

/** Part of what `npm view electron dist-tags time --json` answered on 2026-11-26. */
const registry: RegistryView = {
  'dist-tags': { latest: '45.5.0' },
  time: {
    created: '2015-03-04T00:00:00.000Z',
    modified: '2026-11-24T20:36:15.000Z',
    '41.0.0': '2026-03-11T03:10:06.831000+00:00',
    '41.7.1': '2026-05-27T05:08:12.737000+00:00',
    '41.10.7': '2026-08-29T15:10:48.873000+00:00',
    '42.0.0': '2026-05-06T05:48:56.146000+00:00',
    '43.0.0': '2026-07-01T02:01:30.497000+00:00',
    '43.8.12': '2026-11-19T00:11:34+00:00',
    '44.0.0': '2026-08-25T04:51:59.651000+00:00',
    '44.11.5': '2026-11-19T00:45:49+00:00',
    '45.0.0': '2026-10-21T06:03:52+00:00',
    '45.4.1': '2026-11-19T02:04:13+00:00',
    '45.5.0': '2026-11-24T20:36:15+00:00',
  },
};

describe('the Electron support check', () => {
  it('fails for Electron 41 and names the supported majors', () => {
    const verdict = judgeSupport('41.7.1', registry);
    expect(verdict.ok).toBe(false);
    expect(verdict.supported.map((s) => s.major)).toEqual([45, 44, 43]);
    const text = describeSupport(verdict).join('\n');
    expect(text).toContain('45 (since 2026-10-21, newest 45.5.0), 44 (since 2026-08-25');
    expect(text).toContain('NOT SUPPORTED: the pinned electron 41.7.1');
    expect(text).toContain('Upgrade to 45.5.0');
  });

  it('passes for each of the latest three majors', () => {
    for (const pinned of ['45.5.0', '44.11.5', '43.0.0'])
      expect(judgeSupport(pinned, registry).ok, pinned).toBe(true);
    expect(judgeSupport('42.0.0', registry).ok).toBe(false);
  });

  it('names a newer patch of the pinned major, without failing', () => {
    const verdict = judgeSupport('45.4.1', registry);
    expect(verdict).toMatchObject({
      ok: true,
      newerPatch: { version: '45.5.0', released: '2026-11-24' },
    });
    expect(describeSupport(verdict).at(-1)).toContain('electron 45.5.0 (2026-11-24) is newer');
    expect(judgeSupport('45.5.0', registry).newerPatch).toBeUndefined();
  });

  it('counts a major as released only with a stable x.0.0', () => {
    // A made-up pre-release of the next major: it does not push 43 out of support.
    const withAlpha = {
      ...registry,
      time: { ...registry.time, '46.0.0-alpha.5': '2026-11-02T22:50:00.000Z' },
    };
    expect(judgeSupport('43.8.12', withAlpha).ok).toBe(true);
    const withStable = {
      ...registry,
      time: { ...registry.time, '46.0.0': '2027-01-05T00:00:00Z' },
    };
    expect(judgeSupport('43.8.12', withStable).ok).toBe(false);
  });
});
