import { HelperProcess, type LaunchHelper } from './helper-process';
import type { CipherSettings } from './school-database-file';

/**
 * Builds indexes of a school's database on a second connection, in a helper process
 * (helper-process.ts), so the host's event loop goes on meanwhile: the search index of
 * 100,000 students takes 130–250 ms to build, and a first sync builds it once, at its end.
 * Readers on the main connection are not held up (WAL); a write there waits for the build's
 * commit (SQLite's busy timeout).
 */
export type IndexBuilder = (statements: readonly string[]) => Promise<void>;

/**
 * A builder for the database in `file`, opened under `cipher` with the raw `key`, in helpers
 * `launch` starts.
 */
export function processIndexBuilder(
  launch: LaunchHelper,
  file: string,
  cipher: CipherSettings,
  key: Buffer,
): IndexBuilder {
  return async (statements) => {
    const helper = HelperProcess.start(launch, file, cipher, key);
    try {
      await helper.ask({ statements });
    } catch (error) {
      await helper.kill();
      throw error;
    }
    await helper.close();
  };
}
