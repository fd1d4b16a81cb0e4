/**
 * `npm run check:electron`, two checks:
 * - electronegativity (Doyensec's Electron security linter) over src/, failing on any HIGH or
 *   MEDIUM finding that electronegativity-allowlist.json does not explain. The tool itself
 *   always exits 0 and prints a table, so this reads its findings through its JavaScript API
 *   and decides. It runs offline and the same everywhere: the tool's network calls
 *   (translations from S3, Electron's release list from GitHub) are cut off before they are
 *   made, the one check that needs that release list is left out (the allow-list says why),
 *   and the Electron version is read from the installed package;
 * - the support check (electron-support-check.ts): the pinned Electron must be one of the
 *   latest three majors, as the npm registry lists them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  judge,
  parseAllowList,
  parseLeftOut,
  passes,
  type Finding,
  type Verdict,
} from './electronegativity-allowlist';
import { checkElectronSupport } from './electron-support-check';
import { inlineDisables, scan } from './electronegativity-scan';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = join(repoRoot, 'src');
const allowListFile = join(repoRoot, 'electronegativity-allowlist.json');

function describe(f: Finding): string {
  const review = f.manualReview ? ', review' : '';
  return `${f.severity} (${f.confidence}${review}) ${f.check} ${f.file}:${f.line}:${f.column}`;
}

function report(verdict: Verdict): void {
  console.log(`Allowed by electronegativity-allowlist.json (${verdict.allowed.length}):`);
  for (const { finding, entry } of verdict.allowed)
    console.log(`  ${describe(finding)}\n      reason: ${entry.reason}`);
  console.log(`Low and informational, not failing (${verdict.notes.length}):`);
  for (const finding of verdict.notes) console.log(`  ${describe(finding)}`);
  if (verdict.refused.length > 0) {
    console.log(
      `NOT ALLOWED (${verdict.refused.length}): fix these, or allow-list a false positive with its reason:`,
    );
    for (const finding of verdict.refused)
      console.log(`  ${describe(finding)}\n      ${finding.description}`);
  }
  if (verdict.unused.length > 0) {
    console.log(
      `Stale allow-list entries (${verdict.unused.length}): they match nothing; remove them:`,
    );
    for (const entry of verdict.unused) console.log(`  ${entry.check} ${entry.file}`);
  }
}

/** The electronegativity scan; answers whether it passes. */
async function securityLint(): Promise<boolean> {
  const allowList: unknown = JSON.parse(readFileSync(allowListFile, 'utf8'));
  const entries = parseAllowList(allowList);
  const leftOut = parseLeftOut(allowList);
  const { findings, unreadable, chatter } = await scan(sourceDir, repoRoot, leftOut);
  console.log(`electronegativity over src/: ${findings.length} finding(s).`);
  for (const { check, reason } of leftOut) console.log(`Left out: ${check} (${reason})`);
  for (const line of chatter) console.log(`electronegativity: ${line}`);
  const verdict = judge(findings, entries);
  report(verdict);
  const disables = inlineDisables(sourceDir, repoRoot);
  for (const file of disables)
    console.log(`Inline eng-disable comment in ${file}: use the allow-list instead.`);
  for (const problem of unreadable) console.log(`Could not parse (so not checked): ${problem}`);
  return passes(verdict) && disables.length === 0 && unreadable.length === 0;
}

/**
 * Both checks run, so one failure does not hide the other. A support check that could not
 * reach the registry passes on a developer's machine (offline work goes on) and says so, but
 * fails in CI, which has just installed from that registry.
 */
async function main(): Promise<boolean> {
  const linted = await securityLint();
  console.log('');
  const support = await checkElectronSupport();
  const ok = linted && (support === 'supported' || (support === 'unchecked' && !process.env['CI']));
  const unchecked = support === 'unchecked' ? ' (without the support check)' : '';
  console.log(ok ? `check:electron passed${unchecked}.` : 'check:electron FAILED.');
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
