import { readdirSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { installedElectronVersion } from './electron-binary';
import { SEVERITIES, type Finding, type LeftOut } from './electronegativity-allowlist';

const require = createRequire(import.meta.url);
const toolDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));

type RawIssue = {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
  manualReview?: boolean;
  description: unknown;
};
type RunResult = {
  issues: RawIssue[];
  errors: { file: string; message: string; tolerable: boolean }[];
};
type Run = (options: Record<string, unknown>, forCli: boolean) => Promise<RunResult>;

/** The file name of findings about the whole app rather than one file. */
export const GLOBAL_FILE = '(global)';

/** What one scan found. Paths are relative to `root`, with forward slashes. */
export type ScanResult = {
  findings: Finding[];
  /** Files the tool could not parse, so did not check. */
  unreadable: string[];
  /** Anything the tool printed besides its known offline notice. */
  chatter: string[];
};

let loaded: Run | undefined;

/**
 * Loads electronegativity's runner with `got` (its only HTTP client) replaced, for its own
 * modules only, by a function that fails at once: the tool then falls back to its bundled
 * English texts and skips the release check, exactly as it does offline, without a request.
 */
function loadOffline(): Run {
  if (loaded) return loaded;
  const loader = Module as unknown as {
    _load: (request: string, parent: { filename?: string } | null, isMain: boolean) => unknown;
  };
  const original = loader._load;
  const refuse = () => Promise.reject(new Error('offline by design'));
  const offline = Object.assign(refuse, { head: refuse });
  loader._load = function (request, parent, isMain) {
    if (request === 'got' && parent?.filename?.startsWith(toolDir + sep)) return offline;
    return original.call(this, request, parent, isMain);
  };
  const runner = require('@doyensec/electronegativity') as Run | { default: Run };
  loaded = typeof runner === 'function' ? runner : runner.default;
  return loaded;
}

/**
 * Runs electronegativity over `dir` for the installed Electron version, without the checks
 * `leftOut` names, quietly: its console chatter is collected and returned rather than
 * printed. Paths come back relative to `root`.
 */
export async function scan(
  dir: string,
  root: string,
  leftOut: readonly LeftOut[] = [],
): Promise<ScanResult> {
  const run = loadOffline();
  const electronVersion = installedElectronVersion();
  const chatter: string[] = [];
  const log = console.log;
  const lang = process.env['LANG'];
  // The tool picks its texts by LANG; English keeps the output the same on every machine.
  process.env['LANG'] = 'en-US';
  console.log = (...args: unknown[]) => chatter.push(args.map(String).join(' '));
  let result: RunResult;
  try {
    result = await run(
      {
        input: dir,
        customScan: [],
        excludeFromScan: leftOut.map((l) => l.check.toLowerCase()),
        isRelative: false,
        electronVersionOverride: electronVersion,
        parserPlugins: [],
      },
      false,
    );
  } finally {
    console.log = log;
    if (lang === undefined) delete process.env['LANG'];
    else process.env['LANG'] = lang;
  }
  // Global checks (about the whole app, such as "no CSP anywhere") name no file: 'N/A'.
  const fromRoot = (file: string) =>
    isAbsolute(file) ? relative(root, file).split(sep).join('/') : GLOBAL_FILE;
  return {
    findings: result.issues.map((issue) => toFinding(issue, fromRoot(issue.file))),
    // A file the tool could not parse is a file it did not check.
    unreadable: result.errors
      .filter((e) => !e.tolerable)
      .map((e) => `${fromRoot(e.file)}: ${e.message}`),
    chatter: chatter.filter((line) => !/Could not retrieve updated translations/.test(line)),
  };
}

function toFinding(issue: RawIssue, file: string): Finding {
  const severity = SEVERITIES.find((s) => s === issue.severity.name);
  if (!severity)
    throw new Error(`electronegativity reported an unknown severity: ${issue.severity.name}`);
  return {
    check: issue.id,
    file,
    line: issue.location.line,
    column: issue.location.column,
    severity,
    confidence: issue.confidence.name,
    manualReview: Boolean(issue.manualReview),
    description: String(issue.description),
  };
}

/**
 * Inline `eng-disable` comments make electronegativity drop a finding silently. Reviewed
 * exceptions live in the allow-list, where each has a reason, so such comments are refused.
 * Answers the files (relative to `root`) that contain one.
 */
export function inlineDisables(dir: string, root: string): string[] {
  const hits: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(jsx?|tsx?|html?)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (/eng-disable/.test(readFileSync(path, 'utf8')))
      hits.push(relative(root, path).split(sep).join('/'));
  }
  return hits;
}
