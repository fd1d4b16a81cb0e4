import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judge, parseAllowList, passes, type Finding } from './electronegativity-allowlist';
import { inlineDisables, scan } from './electronegativity-scan';

const reason = 'Reviewed: a reason long enough for a reviewer to follow.';

function finding(check: string, file: string, severity: Finding['severity'] = 'MEDIUM'): Finding {
  return {
    check,
    file,
    line: 1,
    column: 0,
    severity,
    confidence: 'FIRM',
    manualReview: false,
    description: check,
  };
}

describe('parseAllowList', () => {
  it('reads entries with a check, a file and a reason', () => {
    expect(
      parseAllowList({
        $comment: 'why this file exists',
        entries: [{ check: 'PRELOAD_JS_CHECK', file: 'src/main/window.ts', reason }],
      }),
    ).toEqual([{ check: 'PRELOAD_JS_CHECK', file: 'src/main/window.ts', reason }]);
  });

  it.each([
    ['no entries field', {}],
    ['an entry without a reason', { entries: [{ check: 'X_CHECK', file: 'src/a.ts' }] }],
    [
      'a reason too short to explain',
      { entries: [{ check: 'X_CHECK', file: 'src/a.ts', reason: 'ok' }] },
    ],
    ['a lower-case check id', { entries: [{ check: 'preloadJsCheck', file: 'src/a.ts', reason }] }],
    ['a file outside src/', { entries: [{ check: 'X_CHECK', file: 'main/a.ts', reason }] }],
    ['an unknown field', { entries: [{ check: 'X_CHECK', file: 'src/a.ts', reason, line: 3 }] }],
    [
      'the same check and file twice',
      {
        entries: [
          { check: 'X_CHECK', file: 'src/a.ts', reason },
          { check: 'X_CHECK', file: 'src/a.ts', reason },
        ],
      },
    ],
  ])('refuses %s', (_name, json) => {
    expect(() => parseAllowList(json)).toThrow();
  });
});

describe('judge', () => {
  const entries = parseAllowList({
    entries: [{ check: 'PRELOAD_JS_CHECK', file: 'src/main/window.ts', reason }],
  });

  it('allows listed findings, notes low ones and refuses the rest', () => {
    const verdict = judge(
      [
        finding('PRELOAD_JS_CHECK', 'src/main/window.ts'),
        finding('CSP_GLOBAL_CHECK', 'src/renderer/index.html', 'LOW'),
        finding('NODE_INTEGRATION_JS_CHECK', 'src/main/window.ts', 'HIGH'),
        finding('PRELOAD_JS_CHECK', 'src/main/other-window.ts'),
      ],
      entries,
    );
    expect(verdict.allowed.map((a) => a.finding.file)).toEqual(['src/main/window.ts']);
    expect(verdict.notes.map((f) => f.check)).toEqual(['CSP_GLOBAL_CHECK']);
    expect(verdict.refused.map((f) => `${f.check} ${f.file}`)).toEqual([
      'NODE_INTEGRATION_JS_CHECK src/main/window.ts',
      'PRELOAD_JS_CHECK src/main/other-window.ts',
    ]);
    expect(passes(verdict)).toBe(false);
  });

  it('fails on an entry that matches nothing any more', () => {
    const verdict = judge([], entries);
    expect(verdict.unused).toEqual(entries);
    expect(passes(verdict)).toBe(false);
  });

  it('passes when every blocking finding is explained', () => {
    expect(passes(judge([finding('PRELOAD_JS_CHECK', 'src/main/window.ts')], entries))).toBe(true);
  });
});

describe('scan (electronegativity itself, offline)', () => {
  const root = mkdtempSync(join(tmpdir(), 'schooldesk-eng-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reports an insecure window with paths from the root', async () => {
    mkdirSync(join(root, 'src'));
    writeFileSync(
      join(root, 'src', 'insecure.ts'),
      [
        "import { BrowserWindow } from 'electron';",
        'export const w = new BrowserWindow({',
        '  webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false },',
        '});',
        '',
      ].join('\n'),
    );
    const result = await scan(join(root, 'src'), root);
    const high = result.findings.filter((f) => f.severity === 'HIGH').map((f) => f.check);
    expect(high).toContain('CONTEXT_ISOLATION_JS_CHECK');
    expect(new Set(result.findings.map((f) => f.file))).toEqual(
      new Set(['src/insecure.ts', '(global)']),
    );
    // No navigation limits or permission handler anywhere: app-wide findings.
    expect(result.findings.filter((f) => f.file === '(global)').map((f) => f.check)).toEqual(
      expect.arrayContaining(['LIMIT_NAVIGATION_GLOBAL_CHECK']),
    );
    expect(result.unreadable).toEqual([]);
  });

  it('finds inline eng-disable comments, which would hide findings without a reason', () => {
    mkdirSync(join(root, 'hidden'));
    writeFileSync(join(root, 'hidden', 'a.ts'), '// eng-disable NODE_INTEGRATION_JS_CHECK\n');
    writeFileSync(join(root, 'hidden', 'b.ts'), 'export {};\n');
    expect(inlineDisables(join(root, 'hidden'), root)).toEqual(['hidden/a.ts']);
  });
});
