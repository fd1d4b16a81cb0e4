import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LogSink } from '../core/host';

type Level = keyof LogSink;

/**
 * The web host's log: each line on the terminal as it was written for a person, and in a file
 * of the data folder (`logs/web-host.log`) with its time and level, so what went wrong, with
 * its code, can be read after the terminal is gone. The file is private to the owner (0600,
 * its folder 0700), as everything in the data folder. A file that cannot be written (a full
 * disk) never stops the host: the terminal still says the line.
 */
export function withLogFile(file: string, terminal: LogSink): LogSink {
  let folderMade = false;
  const write = (level: Level) => (line: string) => {
    terminal[level](line);
    try {
      if (!folderMade) {
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        folderMade = true;
      }
      appendFileSync(file, `${new Date().toISOString()} ${level} ${line}\n`, { mode: 0o600 });
    } catch {
      // The terminal has the line; a log that cannot be kept is not a reason to stop.
    }
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
