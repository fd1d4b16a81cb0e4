import { hostText, terminalLanguage } from './i18n/host-text';

/**
 * The oldest Node.js the project's scripts, the stand-in and the web host run on: the Node of
 * Electron 45, which npm ci installs from the registry (package.json optionalDependencies).
 * package.json's `engines.node` says the same; a test holds the two together.
 */
export const REQUIRED_NODE = '24.21.0';

/** What is wrong with the running Node, or undefined when it is new enough. */
export function nodeRuntimeProblem(
  running: string = process.versions.node,
): { required: string; running: string } | undefined {
  const [have, need] = [running, REQUIRED_NODE].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i += 1) {
    if (have![i]! > need![i]!) return undefined;
    if (have![i]! < need![i]!) return { required: REQUIRED_NODE, running };
  }
  return undefined;
}

/**
 * Stops a command-line entry point that runs on an older Node, saying which is needed and how
 * to get it, in the terminal's language. An older Node would otherwise fail later and
 * obscurely (a native module that crashes, a library that warns).
 */
export function exitUnlessNodeIsCurrent(): void {
  const problem = nodeRuntimeProblem();
  if (!problem) return;
  console.error(hostText(terminalLanguage()).t('terminal.oldNode', problem));
  process.exit(1);
}
