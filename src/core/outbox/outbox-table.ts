import type { OutboxStore, OutboxStoreRecord } from './outbox';
import { allRows, inDurableTransaction, scalar, write, type Db } from '../store/mirror-sql';

/**
 * One row per entry: its id, the account (`sub`) that made it, and the entry as JSON. STRICT:
 * SQLite refuses a value of another type rather than storing it.
 */
const OUTBOX_DDL = `CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  account TEXT NOT NULL,
  value TEXT NOT NULL
) STRICT`;

/** Unsent edits another account made at this school, kept apart from this one's. */
export type OtherAccountEdits = { count: number; savedAt: number };

/**
 * The outbox's entries in the school's encrypted database, as one account sees them.
 *
 * Each `append` is one transaction: dropping a sent entry and moving the record's later
 * entries to the new version commit together or not at all. Each commit is fsynced before
 * `append` resolves (inDurableTransaction), so an edit is durable before the owner hears
 * "saved on this computer".
 *
 * Entries belong to the account that made them: another account signed in to the same school
 * (after the first one's session ended) neither sees nor sends them, and is told they wait.
 */
export class OutboxTable implements OutboxStore {
  private lastCount: number | undefined;

  constructor(
    private readonly db: Db,
    /** The signed-in account (`sub`); '' when the school names none. */
    private readonly account: string,
    /** Told the number of entries of every account after a commit changed it. */
    private readonly onCount?: (count: number) => void,
  ) {
    db.exec(OUTBOX_DDL);
  }

  /** This account's entries by id, in the order they were first stored. */
  open(): Promise<Map<string, unknown>> {
    return settled(() => {
      const rows = allRows(
        this.db,
        'SELECT id, value FROM outbox WHERE account = ? ORDER BY rowid',
        [this.account],
      );
      return new Map(rows.map(([id, value]) => [String(id), JSON.parse(String(value)) as unknown]));
    });
  }

  append(records: OutboxStoreRecord[]): Promise<void> {
    return settled(() => {
      inDurableTransaction(this.db, () => {
        for (const record of records) {
          if (record.op === 'drop')
            write(this.db, 'DELETE FROM outbox WHERE id = ? AND account = ?', [
              record.id,
              this.account,
            ]);
          else
            write(
              this.db,
              // An update keeps the row (and its rowid, the entry's place in the order).
              `INSERT INTO outbox (id, account, value) VALUES (?, ?, ?)
               ON CONFLICT (id) DO UPDATE SET value = excluded.value
               WHERE outbox.account = excluded.account`,
              [record.id, this.account, JSON.stringify(record.value)],
            );
        }
      });
      this.counted();
    });
  }

  /** Removes this account's entries. */
  wipe(): Promise<void> {
    return settled(() => {
      inDurableTransaction(this.db, () =>
        write(this.db, 'DELETE FROM outbox WHERE account = ?', [this.account]),
      );
      this.counted();
    });
  }

  /**
   * Keeps entries read out of a database that was set aside (SchoolDatabases' `salvaged`),
   * each under the account that made it; an id already here is left as it is.
   */
  restore(entries: readonly { id: string; account: string; value: string }[]): void {
    inDurableTransaction(this.db, () => {
      for (const { id, account, value } of entries)
        write(this.db, 'INSERT OR IGNORE INTO outbox (id, account, value) VALUES (?, ?, ?)', [
          id,
          account,
          value,
        ]);
    });
    this.counted();
  }

  /** The unsent edits of other accounts, if any. */
  otherAccounts(): OtherAccountEdits | undefined {
    const [row] = allRows(
      this.db,
      `SELECT count(*), max(json_extract(value, '$.savedAt')) FROM outbox WHERE account <> ?`,
      [this.account],
    );
    const count = Number(row?.[0] ?? 0);
    return count === 0 ? undefined : { count, savedAt: Number(row?.[1] ?? 0) };
  }

  /** Discards the unsent edits of other accounts (the owner chose to); answers how many. */
  discardOtherAccounts(): number {
    const removed = inDurableTransaction(this.db, () =>
      write(this.db, 'DELETE FROM outbox WHERE account <> ?', [this.account]),
    );
    this.counted();
    return removed;
  }

  /** Every account's entries, told when the number changed. */
  private counted(): void {
    const count = Number(scalar(this.db, 'SELECT count(*) FROM outbox'));
    if (count === this.lastCount) return;
    this.lastCount = count;
    this.onCount?.(count);
  }
}

/**
 * The outcome of synchronous work as a promise (SQLite answers at once; the store's callers
 * take a promise), its error a rejection rather than a throw.
 */
function settled<T>(work: () => T): Promise<T> {
  // The Promise constructor turns a throw of its executor into a rejection.
  return new Promise((resolve) => resolve(work()));
}
