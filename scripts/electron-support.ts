/**
 * Whether the Electron we pin is still supported. Electron supports its latest three stable
 * majors; an older one gets no security fixes, for Chromium or Node. The registry's release
 * times say which majors have a stable release (x.0.0 without a pre-release tag) and when.
 */

/** What `npm view electron dist-tags time --json` answers (the parts read here). */
export type RegistryView = {
  'dist-tags': Record<string, string>;
  /** Version → ISO time of its release; also `created` and `modified`. */
  time: Record<string, string>;
};

/** One supported major: its number, when it was first released, and its newest patch. */
export type SupportedMajor = { major: number; since: string; newest: string };

export type SupportVerdict = {
  pinned: string;
  /** The latest three stable majors, newest first. */
  supported: SupportedMajor[];
  ok: boolean;
  /** A newer release of the pinned major: it may carry security fixes. */
  newerPatch?: { version: string; released: string };
};

const STABLE = /^(\d+)\.(\d+)\.(\d+)$/;

/** Judges `pinned` (an exact version) against what the registry lists. */
export function judgeSupport(pinned: string, view: RegistryView): SupportVerdict {
  const stable = Object.keys(view.time)
    .map((version) => ({ version, parts: STABLE.exec(version) }))
    .filter((v): v is { version: string; parts: RegExpExecArray } => v.parts !== null)
    .map(({ version, parts }) => ({ version, numbers: parts.slice(1).map(Number) }));
  if (stable.length === 0) throw new Error('the registry listed no stable Electron release');
  const byMajor = new Map<number, string[]>();
  for (const { version, numbers } of stable.sort((a, b) => compare(a.numbers, b.numbers)))
    byMajor.set(numbers[0]!, [...(byMajor.get(numbers[0]!) ?? []), version]);
  const supported = [...byMajor.keys()]
    .sort((a, b) => b - a)
    .slice(0, 3)
    .map((major) => {
      const versions = byMajor.get(major)!;
      return { major, since: day(view.time[versions[0]!]!), newest: versions.at(-1)! };
    });
  const pinnedMajor = Number(pinned.split('.')[0]);
  const ours = supported.find((s) => s.major === pinnedMajor);
  const verdict: SupportVerdict = { pinned, supported, ok: ours !== undefined };
  if (ours && ours.newest !== pinned)
    verdict.newerPatch = { version: ours.newest, released: day(view.time[ours.newest]!) };
  return verdict;
}

/** The lines the check prints for a verdict. */
export function describeSupport(verdict: SupportVerdict): string[] {
  const list = verdict.supported
    .map((s) => `${s.major} (since ${s.since}, newest ${s.newest})`)
    .join(', ');
  const lines = [`Electron supports its latest three majors: ${list}.`];
  if (!verdict.ok)
    lines.push(
      `NOT SUPPORTED: the pinned electron ${verdict.pinned} gets no security fixes. ` +
        `Upgrade to ${verdict.supported[0]!.newest}.`,
    );
  else lines.push(`The pinned electron ${verdict.pinned} is supported.`);
  if (verdict.newerPatch)
    lines.push(
      `Note: electron ${verdict.newerPatch.version} (${verdict.newerPatch.released}) is newer ` +
        `in the same major and may carry security fixes; pin it.`,
    );
  return lines;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
