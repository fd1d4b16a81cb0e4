import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A stand-in started through its command line, as `npm run platform` does. */
export type PlatformProcess = {
  url: string;
  pid: number | undefined;
  output: string[];
  /** Sends SIGTERM and waits for the process to exit; resolves to its exit code. */
  stop(): Promise<number | null>;
};

const READY = /^Platform ready at (http:\/\/127\.0\.0\.1:\d+)$/;

/**
 * Starts `e2e/platform/cli.ts` in its own Node process (through tsx's loader, so there is no
 * wrapper process between us and the signal) and waits for its ready line.
 */
export async function spawnPlatform(args: string[], timeoutMs = 60_000): Promise<PlatformProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/platform/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line within ${timeoutMs} ms:\n${output.join('')}`)),
      timeoutMs,
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      const match = READY.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`the platform exited with ${code} before it was ready:\n${output.join('\n')}`),
      );
    });
  });
  return { url, pid: child.pid, output, stop: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<number | null> {
  // A process killed by a signal keeps exitCode null: it has exited all the same.
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.kill('SIGTERM');
  const [code] = await exited;
  return code;
}
