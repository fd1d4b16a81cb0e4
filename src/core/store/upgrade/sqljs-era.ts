import { createHash } from 'node:crypto';
import { readFile, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Encryptor, LogSink } from '../../adapters';
import { inDurableTransaction, scalar, write, type Db } from '../mirror-sql';
import { schoolFile } from '../private-folder';
import { removeFile, renameOver } from '../atomic-file';
import { readJournal } from './legacy-journal';

/** What the upgrade did for one school. */
export type SqlJsEraUpgrade = {
  /** Unsent edits moved from the old journal into the school's database. */
  moved: number;
  /** The old journal would not read in full: it is kept as `<name>.unreadable`. */
  unreadable: boolean;
};

/** The meta key recording which journal was moved, so a crash cannot move it twice. */
const MOVED_KEY = 'upgrade:sqljs-journal';
const ASIDE_SUFFIX = '.unreadable';

/**
 * The files of the sql.js-era app (up to commit baf6940): per school, a whole-file encrypted
 * copy in `mirrors/` and an outbox journal in `outbox/`. At a school's first open by this
 * version, every readable unsent edit in its journal moves into the school's database, exactly
 * once, and both old files are removed; the copy is not read (the school syncs again).
 *
 * Exactly once: the edits and a hash of the journal they came from commit in one transaction.
 * A crash before the journal is removed finds that hash at the next start, and the file is
 * removed without moving anything again (an edit sent meanwhile stays sent).
 */
export class SqlJsEraFiles {
  constructor(
    private readonly dataDir: string,
    private readonly encryptor: Encryptor,
    private readonly log: LogSink,
  ) {}

  /** Moves the school's old unsent edits into `db`, as edits of `account` (who signed in). */
  async moveInto(school: string, db: Db, account: string): Promise<SqlJsEraUpgrade> {
    const mirror = schoolFile(join(this.dataDir, 'mirrors'), 'mirror', school, '.mirror');
    const journal = schoolFile(join(this.dataDir, 'outbox'), 'outbox', school, '.journal');
    const outcome = await this.moveJournal(journal, db, account);
    await removeFile(mirror);
    await removeFile(`${mirror}${ASIDE_SUFFIX}`);
    // The old folders go once the last school has moved (rmdir refuses a folder with files).
    for (const folder of ['mirrors', 'outbox'])
      await rmdir(join(this.dataDir, folder)).catch(() => undefined);
    return outcome;
  }

  private async moveJournal(file: string, db: Db, account: string): Promise<SqlJsEraUpgrade> {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { moved: 0, unreadable: false };
      throw error;
    }
    const hash = createHash('sha256').update(bytes).digest('hex');
    const movedBefore = scalar(db, 'SELECT value FROM meta WHERE key = ?', [MOVED_KEY]);
    if (movedBefore === JSON.stringify(hash)) {
      await removeFile(file);
      return { moved: 0, unreadable: false };
    }
    const read = await readJournal(bytes, (blob) => this.encryptor.decrypt(blob));
    const moved = inDurableTransaction(db, () => {
      let count = 0;
      for (const [id, value] of read.live)
        count += write(db, 'INSERT OR IGNORE INTO outbox (id, account, value) VALUES (?, ?, ?)', [
          id,
          account,
          value,
        ]);
      write(db, 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', [
        MOVED_KEY,
        JSON.stringify(hash),
      ]);
      return count;
    });
    const name = file.slice(this.dataDir.length + 1);
    // A frame that will not decrypt before the end is no crash's doing: another key, or damage.
    const unreadable = read.badFrame !== undefined;
    if (unreadable) await renameOver(file, `${file}${ASIDE_SUFFIX}`);
    else await removeFile(file);
    this.log.info(
      `upgrade: ${moved} unsent change(s) moved from ${name} into the school's database` +
        (unreadable ? `; the rest would not decrypt and is kept as ${name}${ASIDE_SUFFIX}` : ''),
    );
    return { moved, unreadable };
  }
}
