import type { Encryptor } from '../../../src/core/adapters';
import {
  PendingRevocationStore,
  type PendingRevocation,
} from '../../../src/core/auth/pending-revocations';
import { silentLog } from '../../../src/core/auth/secret-mask';
import type { TokenSet } from '../../../src/core/auth/token-set';
import { TokenStore } from '../../../src/core/auth/token-store';
import { OutboxTable } from '../../../src/core/outbox/outbox-table';
import type { OutboxStoreRecord } from '../../../src/core/outbox/outbox';
import { SchoolDatabases } from '../../../src/core/store/school-database';

/**
 * What core keeps on disk under a host's Encryptor (a token set, a pending revocation, a
 * school's database with its unsent edits), written and read back by core's own stores. For
 * tests of a host's encryptor (the Electron host's safeStorage one), which reach core only
 * through its face and so cannot build the stores themselves.
 */

/** What `writeSecrets` writes and `readSecrets` answers, for one school. */
export type StoredSecrets = {
  tokens: TokenSet;
  revocation: PendingRevocation;
  /** Writes in the school's outbox, made by `owner`, not yet sent. */
  unsent: OutboxStoreRecord[];
};

const OWNER = 'owner';

/** Core's token store on `dir`, keeping tokens on disk while `persist()` says so. */
export function tokenStore(dir: string, encryptor: Encryptor, persist: () => boolean): TokenStore {
  return new TokenStore(dir, encryptor, persist);
}

/** Writes the token set, the pending revocation and the school's unsent edits into `dir`. */
export async function writeSecrets(
  dir: string,
  encryptor: Encryptor,
  school: string,
  secrets: StoredSecrets,
): Promise<void> {
  await tokenStore(dir, encryptor, () => false).save(secrets.tokens);
  await new PendingRevocationStore(dir, encryptor, () => true, silentLog).put(secrets.revocation);
  const { db } = await new SchoolDatabases(dir, encryptor, () => true, silentLog).open(school);
  await new OutboxTable(db, OWNER).append(secrets.unsent);
  db.close();
}

/**
 * Opens what `writeSecrets` wrote with `encryptor`, as the app does at start; answers what
 * each held, and whether the school's database was set aside as unreadable.
 */
export async function readSecrets(dir: string, encryptor: Encryptor, school: string) {
  const opened = await new SchoolDatabases(dir, encryptor, () => true, silentLog).open(school);
  const held = {
    tokens: await tokenStore(dir, encryptor, () => false).load(school),
    pending: await new PendingRevocationStore(dir, encryptor, () => true, silentLog).get(school),
    setAside: opened.setAside,
    outbox: await new OutboxTable(opened.db, OWNER).open(),
  };
  opened.db.close();
  return held;
}
