import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { keepsSecretsOnDisk, type Encryptor, type LogSink } from '../adapters';
import { removeFile, syncFolder, whileHeldOnWindows, withTemp } from '../store/atomic-file';
import { fileFailureCode } from '../store/file-failure';
import { AuthError } from './errors';
import { silentLog } from './secret-mask';
import { schoolKeyOf } from './school-key';
import { tokenSetSchema, type TokenSet } from './token-set';

/**
 * Keeps each school's token set, keyed by its school key (issuer and resource), in memory and, where that is safe, encrypted on disk.
 *
 * SECURITY: tokens only ever reach the disk through the Encryptor. When the encryptor offers
 * no real protection (safeStorage's `basic_text`; see keepsSecretsOnDisk), tokens stay in
 * memory unless the user opted in. A blob that will not decrypt is deleted and reported as
 * `stored_session_unreadable`, so the user is asked to sign in again.
 */
export class TokenStore {
  private readonly memory = new Map<string, TokenSet>();
  /** Deletes per school so far, so a save, load or listing begun before one does not undo it. */
  private readonly epochs = new Map<string, number>();
  /**
   * Schools deleted whose file is not known to be gone: its removal is under way (Windows may
   * hold the file a moment) or failed. Their file reads as gone, so nothing in this process
   * brings the session back; the next save replaces the file and ends this. Each value is
   * the removal, which never rejects.
   */
  private readonly deleted = new Map<string, Promise<void>>();
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly encryptor: Encryptor,
    /** Asked on every save, so opting in or out takes effect at once. */
    private readonly persistWithoutKeyring: () => boolean,
    /**
     * Told of every stored session removed because it could not be read, and of a deleted one
     * whose file could not be removed (never their content).
     */
    private readonly log: LogSink = silentLog,
    /** Removes a session's file (tests hold it, or make it fail, as Windows may). */
    private readonly remove: (path: string) => Promise<void> = removeFile,
  ) {
    this.dir = join(dataDir, 'sessions');
  }

  /** Whether saved tokens reach the disk (encrypted) or stay in memory only. */
  get persistsToDisk(): boolean {
    return keepsSecretsOnDisk(this.encryptor.protection) || this.persistWithoutKeyring();
  }

  /** Saves the set; resolves once it is on disk (when it goes to disk at all). */
  async save(set: TokenSet): Promise<void> {
    const school = schoolKeyOf(set);
    const epoch = this.epochOf(school);
    // A sign-in right after a sign-out: that removal ends first, so it cannot take the new file.
    const removal = this.deleted.get(school);
    if (removal) {
      await removal;
      if (this.epochOf(school) !== epoch) throw new AuthError('not_signed_in');
    }
    if (!this.persistsToDisk) {
      // Opting out later must not leave an older copy behind.
      await this.remove(this.fileOf(school));
      if (this.epochOf(school) !== epoch) throw new AuthError('not_signed_in');
      this.deleted.delete(school);
      this.memory.set(school, set);
      return;
    }
    const blob = await this.encryptor.encrypt(Buffer.from(JSON.stringify(set), 'utf8'));
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = this.fileOf(school);
    // Written and fsynced off the event loop: at a sign-in's end that fsync held the host
    // 40 ms while the workspace's first calls waited (bench:offline, the bridge's figure).
    await withTemp(file, blob, (temp) =>
      whileHeldOnWindows(() => {
        // SECURITY: a delete (sign-out) while the tokens were being encrypted or written (or
        // while Windows held the file) wins: renaming them into place now would bring the
        // session back. Nothing yields from this check to the rename and to the set in memory.
        if (this.epochOf(school) !== epoch) throw new AuthError('not_signed_in');
        renameSync(temp, file);
        this.deleted.delete(school);
        this.memory.set(school, set);
      }),
    );
    // The rename survives a power cut only once the folder is on disk too.
    await syncFolder(this.dir);
  }

  /** The school's token set, from memory or disk; undefined when not signed in. */
  async load(school: string): Promise<TokenSet | undefined> {
    const cached = this.memory.get(school);
    if (cached) return cached;
    if (this.deleted.has(school)) return undefined;
    const epoch = this.epochOf(school);
    let blob: Buffer;
    try {
      blob = readFileSync(this.fileOf(school));
    } catch {
      return undefined;
    }
    try {
      const { set, stale } = await this.open(blob);
      if (schoolKeyOf(set) !== school) return undefined;
      // Signed out while this read was decrypting: that wins, so a sign-out is never undone by
      // a read that started before it.
      if (this.epochOf(school) !== epoch) return undefined;
      const newer = this.memory.get(school);
      if (newer) return newer;
      this.memory.set(school, set);
      if (stale) await this.reseal(set);
      return set;
    } catch (cause) {
      await this.remove(this.fileOf(school));
      this.dropped();
      throw new AuthError('stored_session_unreadable', { cause });
    }
  }

  /**
   * Whether the school's session is held now, without waiting: every session in use was loaded
   * into memory, and a delete takes it out at once.
   */
  holds(school: string): boolean {
    return this.memory.has(school);
  }

  /**
   * Forgets the school's tokens: in memory at once (no save or load under way can bring them
   * back), and on disk by the time it resolves. Never rejects: a file that cannot be removed
   * is said in the log and read as gone from then on (see `deleted`).
   */
  async delete(school: string): Promise<void> {
    this.epochs.set(school, this.epochOf(school) + 1);
    this.memory.delete(school);
    const removal: Promise<void> = this.remove(this.fileOf(school)).then(
      () => {
        if (this.deleted.get(school) === removal) this.deleted.delete(school);
      },
      (error: unknown) =>
        this.log.warn(
          `a signed-out session's file could not be removed (${fileFailureCode(error) ?? 'refused'}); ` +
            'it is not read again while the app runs',
        ),
    );
    this.deleted.set(school, removal);
    await removal;
  }

  /**
   * The keys of the schools with tokens in memory or on disk. A file saved under the name of an
   * older key (the issuer alone, before schools were keyed by issuer and resource) moves to its
   * school's key here, so an upgrade keeps the owner signed in.
   */
  async schools(): Promise<string[]> {
    const onDisk: string[] = [];
    let files: string[] = [];
    try {
      files = readdirSync(this.dir).filter((f) => f.endsWith('.session'));
    } catch {
      // no folder yet: nothing stored
    }
    const epochs = new Map(this.epochs);
    for (const file of files) {
      try {
        const { set, stale } = await this.open(readFileSync(join(this.dir, file)));
        const school = schoolKeyOf(set);
        const from = join(this.dir, file);
        const named = this.fileOf(school);
        const held = await whileHeldOnWindows(() => {
          // SECURITY: deleted while this listing was decrypting (a sign-out), or before and
          // its file not yet gone: it must not come back. Nothing yields from this check to
          // the rename and to the set held in memory.
          const deletedNow = this.epochOf(school) !== (epochs.get(school) ?? 0);
          if (deletedNow || this.deleted.has(school) || !existsSync(from)) return undefined;
          if (from !== named) renameSync(from, named);
          const kept = this.memory.get(school) ?? set;
          this.memory.set(school, kept);
          return kept;
        });
        if (!held) continue;
        if (stale) await this.reseal(held);
        onDisk.push(school);
      } catch {
        await this.remove(join(this.dir, file));
        this.dropped();
      }
    }
    return [...new Set([...this.memory.keys(), ...onDisk])];
  }

  /** A removed session is said: the owner is asked to sign in again, and the log says why. */
  private dropped(): void {
    this.log.warn(
      'a stored session could not be read on this computer (another key, or damaged) and was removed',
    );
  }

  /** A stored blob's token set, and whether the encryptor wants it sealed again. */
  private async open(blob: Buffer): Promise<{ set: TokenSet; stale: boolean }> {
    const { plain, stale } = await this.encryptor.decrypt(blob);
    return { set: tokenSetSchema.parse(JSON.parse(plain.toString('utf8'))), stale };
  }

  /**
   * Writes the set again under the encryptor's current key (it replaced the one the file was
   * sealed with). A sign-out meanwhile wins, and a disk that refuses leaves the old file,
   * which still opens: either way nothing is lost, so neither is an error here.
   */
  private async reseal(set: TokenSet): Promise<void> {
    await this.save(set).catch(() => undefined);
  }

  private epochOf(school: string): number {
    return this.epochs.get(school) ?? 0;
  }

  private fileOf(school: string): string {
    return join(
      this.dir,
      `${createHash('sha256').update(school).digest('hex').slice(0, 32)}.session`,
    );
  }
}
