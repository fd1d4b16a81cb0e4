import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLog } from '../../../src/core/auth/secret-mask';
import { FileKeyEncryptor } from '../../../src/core/store/file-key-encryptor';
import type { Db } from '../../../src/core/store/mirror-sql';
import { SchoolDatabases } from '../../../src/core/store/school-database';

/** Student `n` as the platform sends one: enough for a mirror to store, list and search. */
export function studentRecord(n: number) {
  return {
    id: `s-${n}`,
    name: `Student ${n}`,
    email: `student${n}@example.com`,
    createdAt: 1000 + n,
    updatedAt: 2000 + n,
  };
}

/** The school a database harness opens unless told another. */
export const TEST_SCHOOL = 'https://school.test https://school.test';

/**
 * School databases as the app keeps them (encrypted files, the key wrapped by an AES-GCM key
 * file) in a fresh folder, for tests of what lives in them. `close` closes every database it
 * opened and removes the folder.
 */
export function databaseHarness(persist = true) {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-db-'));
  const databases = new SchoolDatabases(
    dir,
    new FileKeyEncryptor(join(dir, 'data.key')),
    () => persist,
    silentLog,
  );
  const open: Db[] = [];
  return {
    dir,
    databases,
    /** Opens (or creates) a school's database. */
    async open(school = TEST_SCHOOL): Promise<Db> {
      const { db } = await databases.open(school);
      open.push(db);
      return db;
    },
    close(): void {
      for (const db of open.splice(0)) if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
