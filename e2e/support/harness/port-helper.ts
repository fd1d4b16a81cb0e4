import { spawn } from 'node:child_process';
import type { LaunchHelper } from '../../../src/core/store/helper-process';

/**
 * What the helper's program reads as `process.parentPort` in a Node child: its IPC channel,
 * carrying what Electron's port would (the same strings of whole lines, then null for the
 * end, the channel's disconnect).
 */
const PORT_OVER_IPC = `process.parentPort = {
  on: (event, listener) => {
    process.on('message', (data) => listener({ data }));
    process.on('disconnect', () => listener({ data: null }));
  },
};
`;

/**
 * A helper that reads its input from `process.parentPort`, as in Electron's utility process
 * (src/main/adapters/utility-helper.ts), where no Electron can start one: a Node child
 * running `program` (the helper's source, or a `require` of the file the build wrote).
 */
export function portHelper(program: string): LaunchHelper {
  return () => {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const child = spawn(process.execPath, ['-e', PORT_OVER_IPC + program], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env,
    });
    return {
      stdout: child.stdout!,
      stderr: child.stderr!,
      send: (parts) => void (child.connected && child.send(parts.join(''))),
      end: () => child.connected && child.disconnect(),
      kill: () => void child.kill('SIGKILL'),
      onEnd: (listener) =>
        void child.once('exit', (code, signal) => listener(code, signal ?? `exit code ${code}`)),
    };
  };
}
