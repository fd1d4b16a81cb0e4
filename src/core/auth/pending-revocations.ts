import { authLogText } from './errors';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Encryptor, LogSink } from '../adapters';
import { removeFileAtomic, writeFileAtomic } from '../store/atomic-file';
import { preparePrivateFolder, schoolFile } from '../store/private-folder';

const EXTENSION = '.pending';

/** Which kind of token a pending revocation holds: sent as RFC 7009's `token_type_hint`. */
export const TOKEN_HINTS = ['refresh_token', 'access_token'] as const;
export type TokenHint = (typeof TOKEN_HINTS)[number];

export const pendingRevocationSchema = z.object({
  /** The school's key (issuer and resource). */
  schoolId: z.string().min(1),
  /** SECURITY: the server that issued the tokens; they are sent to no other. */
  issuer: z.string().min(1),
  baseUrl: z.string().min(1),
  /** The school's revocation endpoint, when it was known at sign-out. */
  endpoint: z.string().optional(),
  /** When the owner signed out (ms since the epoch). */
  since: z.number(),
  /**
   * The tokens the school has not yet confirmed as revoked, refresh token first, each with the
   * client it was issued to (a school re-registered since an earlier sign-out has two).
   */
  tokens: z
    .array(
      z.object({
        hint: z.enum(TOKEN_HINTS),
        value: z.string().min(1),
        clientId: z.string().min(1),
      }),
    )
    .min(1),
});

/**
 * A sign-out whose revocation the school has not confirmed yet. It holds tokens: it lives only
 * in core/auth, encrypted at rest, and never reaches the renderer or a log.
 */
export type PendingRevocation = z.infer<typeof pendingRevocationSchema>;

/** What the rest of the app may know about a pending revocation: never a token. */
export type PendingRevocationSummary = {
  schoolId: string;
  baseUrl: string;
  since: number;
  /** False when the record is in memory only (no keyring): it is lost when the app quits. */
  survivesRestart: boolean;
};

/**
 * Keeps the "revocation pending" records, one per school, so a sign-out whose revocation the
 * school did not confirm can be finished later, at the next start.
 *
 * SECURITY: the records hold tokens. They reach the disk only through the Encryptor, in a
 * private folder under hashed names, written atomically; and only where the TokenStore would
 * keep tokens on disk too (a keyring, or the owner's opt-in). Elsewhere they stay in memory,
 * and the summary says they do not survive a restart. A file that no longer decrypts (the key
 * is gone) cannot be retried by anyone: it is deleted and the log says so, without its content.
 */
export class PendingRevocationStore {
  private readonly memory = new Map<string, { record: PendingRevocation; onDisk: boolean }>();
  private readonly folder: string;
  private loading: Promise<void> | undefined;

  constructor(
    dataDir: string,
    private readonly encryptor: Encryptor,
    /** Asked on every save: whether tokens may reach the disk (see TokenStore.persistsToDisk). */
    private readonly persists: () => boolean,
    private readonly log: LogSink,
  ) {
    this.folder = join(dataDir, 'revocations');
  }

  /** Every pending record, read from disk once per run and kept in memory after. */
  async all(): Promise<PendingRevocation[]> {
    await this.load();
    return [...this.memory.values()].map((entry) => entry.record);
  }

  /** The pending record of one school, if any. */
  async get(schoolId: string): Promise<PendingRevocation | undefined> {
    await this.load();
    return this.memory.get(schoolId)?.record;
  }

  /** What is pending, without a token in it; oldest first. */
  async summaries(): Promise<PendingRevocationSummary[]> {
    await this.load();
    return [...this.memory.values()]
      .map(({ record, onDisk }) => ({
        schoolId: record.schoolId,
        baseUrl: record.baseUrl,
        since: record.since,
        survivesRestart: onDisk,
      }))
      .sort((a, b) => a.since - b.since);
  }

  /**
   * Saves the record (replacing the school's earlier one); resolves once it is on disk, when
   * it goes to disk at all. Answers whether it did (false also when the disk refused the
   * write: the record is then in memory only).
   */
  async put(record: PendingRevocation): Promise<boolean> {
    await this.load();
    const parsed = pendingRevocationSchema.parse(record);
    const file = this.fileOf(parsed.schoolId);
    let onDisk = this.persists();
    try {
      if (onDisk) {
        await preparePrivateFolder(this.folder);
        await writeFileAtomic(file, () =>
          this.encryptor.encrypt(Buffer.from(JSON.stringify(parsed), 'utf8')),
        );
      } else {
        // Opting out later must not leave an older copy behind.
        await removeFileAtomic(file);
      }
    } catch (error) {
      // A full disk must not stop a sign-out: the record is kept in memory, and its summary
      // says it will not survive a quit.
      onDisk = false;
      this.log.warn(`a pending revocation could not be saved: ${authLogText(error)}`);
    }
    this.memory.set(parsed.schoolId, { record: parsed, onDisk });
    return onDisk;
  }

  /** Forgets the school's record, in memory and on disk. */
  async remove(schoolId: string): Promise<void> {
    await this.load();
    this.memory.delete(schoolId);
    await removeFileAtomic(this.fileOf(schoolId));
  }

  private load(): Promise<void> {
    this.loading ??= this.readFolder();
    return this.loading;
  }

  private async readFolder(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.folder)).filter((name) => name.endsWith(EXTENSION));
    } catch {
      return; // no folder yet: nothing pending
    }
    for (const name of names) {
      const path = join(this.folder, name);
      try {
        const { plain, stale } = await this.encryptor.decrypt(await readFile(path));
        const record = pendingRevocationSchema.parse(JSON.parse(plain.toString('utf8')));
        // A record under another school's name was not written by us: it is not trusted.
        if (path !== this.fileOf(record.schoolId)) throw new Error('misplaced record');
        if (!this.memory.has(record.schoolId))
          this.memory.set(record.schoolId, { record, onDisk: true });
        if (stale) await this.reseal(path, plain);
      } catch {
        await rm(path, { force: true });
        this.log.warn('a pending revocation could not be read on this computer and was removed');
      }
    }
  }

  /**
   * Writes a record again under the encryptor's current key (it replaced the one the file was
   * sealed with). If the disk refuses, the old file still opens next time.
   */
  private async reseal(path: string, plain: Buffer): Promise<void> {
    await writeFileAtomic(path, () => this.encryptor.encrypt(plain)).catch((error: unknown) =>
      this.log.warn(`a pending revocation could not be resealed: ${authLogText(error)}`),
    );
  }

  private fileOf(schoolId: string): string {
    return schoolFile(this.folder, 'revocation', schoolId, EXTENSION);
  }
}
