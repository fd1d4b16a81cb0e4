import { execFile } from 'node:child_process';
import { installedElectronVersion } from './electron-binary';
import { describeSupport, judgeSupport, type RegistryView } from './electron-support';

/** How long the registry may take to answer before the check says it could not ask. */
const DEADLINE_MS = 60_000;

/** Electron's dist-tags and release times, read with npm itself (the registry it is set up for). */
function registryView(): Promise<RegistryView> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['view', 'electron', 'dist-tags', 'time', '--json'],
      { timeout: DEADLINE_MS, maxBuffer: 16 * 1024 * 1024, shell: process.platform === 'win32' },
      (error, stdout, stderr) => {
        if (error) {
          const said = stderr.split('\n').find((line) => /error/i.test(line)) ?? error.message;
          reject(new Error(said.trim()));
          return;
        }
        try {
          resolve(JSON.parse(stdout) as RegistryView);
        } catch {
          reject(new Error('npm view answered something that is not JSON'));
        }
      },
    );
  });
}

/**
 * Prints whether the pinned Electron is one of the latest three majors, and answers so. When
 * the registry cannot be asked it says so and answers `unchecked`, claiming no result.
 */
export async function checkElectronSupport(): Promise<'supported' | 'unsupported' | 'unchecked'> {
  const pinned = installedElectronVersion();
  let view: RegistryView;
  try {
    view = await registryView();
  } catch (error) {
    console.log(
      `Electron support NOT CHECKED: the npm registry could not be asked (${(error as Error).message}). ` +
        `Whether electron ${pinned} is still supported is unknown.`,
    );
    return 'unchecked';
  }
  const verdict = judgeSupport(pinned, view);
  for (const line of describeSupport(verdict)) console.log(line);
  return verdict.ok ? 'supported' : 'unsupported';
}
