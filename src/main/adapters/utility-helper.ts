import type { Readable } from 'node:stream';
import { utilityProcess } from 'electron';
import type { HelperChild, LaunchHelper } from '../../core/host';

/**
 * Electron's database helper: a utility process running the program the build wrote to
 * `modulePath` (DATABASE_HELPER_FILE, beside the main bundle). Not the app's executable as
 * Node: the packaged app's runAsNode fuse is off (electron-builder.yml), so that would start
 * a second app, and Electron's fuses guide names utility processes for this. A utility
 * process has no standard input: what the helper reads goes as messages (strings of whole
 * lines, then `null` for the end), which its program reads from `process.parentPort`.
 */
export function utilityHelper(modulePath: string): LaunchHelper {
  return (): HelperChild => {
    const child = utilityProcess.fork(modulePath, [], {
      stdio: ['ignore', 'pipe', 'pipe'],
      serviceName: 'Schooldesk database helper',
    });
    let ended = false;
    child.once('exit', () => {
      ended = true;
    });
    return {
      // 'pipe' for both, so Electron gives both streams.
      stdout: child.stdout as Readable,
      stderr: child.stderr as Readable,
      send: (parts) => {
        if (!ended) child.postMessage(parts.join(''));
      },
      end: () => {
        if (!ended) child.postMessage(null);
      },
      kill: () => {
        if (!ended) child.kill();
      },
      onEnd: (listener) => {
        child.once('exit', (code) => listener(code, `exit code ${code}`));
      },
    };
  };
}
