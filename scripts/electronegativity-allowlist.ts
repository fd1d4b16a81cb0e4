import { z } from 'zod';

/** Severity names electronegativity reports, lowest first. */
export const SEVERITIES = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One electronegativity finding, with its file relative to the repository root. */
export type Finding = {
  check: string;
  file: string;
  line: number;
  column: number;
  severity: Severity;
  confidence: string;
  manualReview: boolean;
  description: string;
};

/** A reviewed finding: which check, in which file, and why it is acceptable there. */
export type AllowEntry = { check: string; file: string; reason: string };

const entrySchema = z
  .object({
    check: z.string().regex(/^[A-Z0-9_]+$/, 'check ids are UPPER_SNAKE_CASE, as reported'),
    file: z
      .string()
      .regex(
        /^(src\/\S+|\(global\))$/,
        'files are paths from the repository root, in src/, or (global) for app-wide checks',
      ),
    reason: z.string().trim().min(30, 'give the reason a reviewer needs (30 characters or more)'),
  })
  .strict();

/** A check not run at all, with the reason it cannot run here. */
export type LeftOut = { check: string; reason: string };

const leftOutSchema = z
  .object({
    check: z
      .string()
      .regex(/^[A-Za-z]+Check$/, "checks left out are named as the tool's -x takes them"),
    reason: z.string().trim().min(30, 'give the reason a reviewer needs (30 characters or more)'),
  })
  .strict();

const allowListSchema = z
  .object({
    $comment: z.string().optional(),
    entries: z.array(entrySchema),
    leftOut: z.array(leftOutSchema).default([]),
  })
  .strict();

/**
 * Parses the allow-list file's JSON. Throws with every problem named: a malformed entry, an
 * unknown field, or the same check and file listed twice.
 */
export function parseAllowList(json: unknown): AllowEntry[] {
  return parseAllowListFile(json).entries;
}

/** The checks the allow-list file leaves out, with why. Throws as {@link parseAllowList}. */
export function parseLeftOut(json: unknown): LeftOut[] {
  return parseAllowListFile(json).leftOut;
}

function parseAllowListFile(json: unknown): z.infer<typeof allowListSchema> {
  const parsed = allowListSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(`The electronegativity allow-list is malformed:\n${problems.join('\n')}`);
  }
  const seen = new Set<string>();
  for (const entry of parsed.data.entries) {
    const key = `${entry.check} ${entry.file}`;
    if (seen.has(key)) throw new Error(`The allow-list lists ${key} twice.`);
    seen.add(key);
  }
  return parsed.data;
}

/** Whether a finding is of a severity the check fails on. */
export function isBlocking(finding: Finding): boolean {
  return finding.severity === 'HIGH' || finding.severity === 'MEDIUM';
}

/** The verdict on one run: blocking findings allowed or not, and allow-list entries unused. */
export type Verdict = {
  allowed: { finding: Finding; entry: AllowEntry }[];
  refused: Finding[];
  /** LOW and INFORMATIONAL findings: shown, never failing. */
  notes: Finding[];
  /** Entries that matched nothing: stale, so they must go before they hide a new finding. */
  unused: AllowEntry[];
};

/**
 * Matches findings against the allow-list. An entry allows its check in its file (every
 * occurrence there: line numbers move with each edit, so they are not part of the key).
 */
export function judge(findings: readonly Finding[], entries: readonly AllowEntry[]): Verdict {
  const verdict: Verdict = { allowed: [], refused: [], notes: [], unused: [] };
  const used = new Set<AllowEntry>();
  for (const finding of findings) {
    if (!isBlocking(finding)) {
      verdict.notes.push(finding);
      continue;
    }
    const entry = entries.find((e) => e.check === finding.check && e.file === finding.file);
    if (entry) {
      used.add(entry);
      verdict.allowed.push({ finding, entry });
    } else {
      verdict.refused.push(finding);
    }
  }
  verdict.unused = entries.filter((entry) => !used.has(entry));
  return verdict;
}

/** Whether the check passes: nothing refused and no stale entries. */
export function passes(verdict: Verdict): boolean {
  return verdict.refused.length === 0 && verdict.unused.length === 0;
}
