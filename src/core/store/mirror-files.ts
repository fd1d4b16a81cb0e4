import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { preparePrivateFolder, removeWithAside, schoolFile } from './private-folder';
import type { Decrypted, Encryptor, LogSink } from '../adapters';
import { writeFileAtomic } from './atomic-file';

/** The folder under the data folder that holds every school's mirror file. */
export const MIRRORS_FOLDER = 'mirrors';

const EXTENSION = '.mirror';
/** Where a file that would not decrypt is kept (one per school), until the school is wiped. */
const ASIDE_SUFFIX = '.unreadable';

const SENTENCES = {
  mirror_save_failed:
    'Schooldesk could not save the offline copy of this school on this computer. Check that the disk has free space.',
  mirror_wipe_failed:
    'Schooldesk could not remove the offline copy of this school from this computer.',
} as const;

/** The codes a {@link MirrorFileError} carries. */
export type MirrorFileErrorCode = keyof typeof SENTENCES;

/** A mirror file could not be written or removed; the message is a sentence for a person. */
export class MirrorFileError extends Error {
  constructor(
    readonly code: MirrorFileErrorCode,
    options: { cause?: unknown } = {},
  ) {
    super(SENTENCES[code], { cause: options.cause });
    this.name = 'MirrorFileError';
  }
}

/**
 * The policy tokens follow (token-store.ts), for mirrors: on disk when the encryptor is backed
 * by a real keyring, or when the user opted in to keeping data without one. Pass the result as
 * the `persist` of {@link MirrorFiles}; it reads the opt-in on every call.
 */
export function mirrorPersistPolicy(
  encryptor: Encryptor,
  persistWithoutKeyring: () => boolean,
): () => boolean {
  return () => encryptor.protection === 'keyring' || persistWithoutKeyring();
}

/**
 * Each school's mirror database on disk: one encrypted file per school in
 * `<dataDir>/mirrors/`, written atomically, wiped at sign-out.
 *
 * SECURITY: the school's data reaches the disk only as the Encryptor's output, in a folder of
 * mode 0700 and files of mode 0600. A file is named by a hash of the school's key, so the
 * folder does not list which schools this computer works with. When `persist()` answers false
 * (safeStorage's `basic_text` without the user's opt-in) nothing is written and any earlier
 * file of that school is removed: the mirror lives in memory only.
 */
export class MirrorFiles {
  /** The folder holding the files; a test or a sign-out check may look in it. */
  readonly folder: string;
  private opened: Promise<void> | undefined;

  constructor(
    dataDir: string,
    private readonly encryptor: Encryptor,
    /** Asked on every load and save, so opting in or out takes effect at once. */
    private readonly persist: () => boolean,
    private readonly log: LogSink,
  ) {
    this.folder = join(dataDir, MIRRORS_FOLDER);
  }

  /**
   * The school's database bytes, decrypted; undefined when there is none. A file that will not
   * decrypt (another key, tampered, damaged) or cannot be read is set aside with a warning and
   * answers undefined too, so the app syncs the school again instead of failing.
   */
  async load(key: string): Promise<Uint8Array | undefined> {
    const file = this.fileOf(key);
    let blob: Buffer;
    try {
      await this.open();
      if (!this.persist()) {
        // Opting out must not leave an older copy behind, nor answer from it.
        await this.removeAll(file);
        return undefined;
      }
      blob = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      this.log.warn(`mirror ${this.nameOf(file)} could not be read (${code}); will sync again`);
      return undefined;
    }
    let opened: Decrypted;
    try {
      opened = await this.encryptor.decrypt(blob);
    } catch {
      // A save that lands between the read and this rename would be set aside too; the cost
      // is one more sync, and callers load a school before they save it.
      await rename(file, `${file}${ASIDE_SUFFIX}`).catch(() => rm(file, { force: true }));
      this.log.warn(
        `mirror ${this.nameOf(file)} could not be decrypted (another key, or damaged); ` +
          `set aside as ${this.nameOf(file)}${ASIDE_SUFFIX}, the school will sync again`,
      );
      return undefined;
    }
    const bytes = new Uint8Array(
      opened.plain.buffer,
      opened.plain.byteOffset,
      opened.plain.byteLength,
    );
    // Sealed with a key the encryptor has replaced: write it again under the current one. If
    // the disk refuses, the old file still opens and the next save writes it anyway.
    if (opened.stale) await this.save(key, bytes).catch(() => undefined);
    return bytes;
  }

  /**
   * Encrypts `bytes` and writes them atomically as the school's file; resolves once they are
   * on disk. Saves that pile up while one runs are coalesced, so only the newest is encrypted
   * and written. Do not change `bytes` after the call. When `persist()` is false, writes
   * nothing and removes any file of that school.
   * @throws MirrorFileError `mirror_save_failed` when the disk refuses the write.
   */
  async save(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    try {
      await this.open();
      if (!this.persist()) {
        await this.removeAll(file);
        return;
      }
      await writeFileAtomic(file, () =>
        this.encryptor.encrypt(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
      );
    } catch (cause) {
      throw new MirrorFileError('mirror_save_failed', { cause });
    }
  }

  /**
   * Removes that school's file, its temporary files and any set-aside copy; other schools'
   * files stay. A save of that school still queued is dropped, one running finishes first.
   * @throws MirrorFileError `mirror_wipe_failed` when a file cannot be removed.
   */
  async wipe(key: string): Promise<void> {
    try {
      await this.removeAll(this.fileOf(key));
    } catch (cause) {
      throw new MirrorFileError('mirror_wipe_failed', { cause });
    }
  }

  /**
   * Once per instance: makes the folder (0700, and narrows it if someone widened it) and
   * removes temporary files a crash left behind. A failure is retried on the next call.
   */
  private open(): Promise<void> {
    this.opened ??= (async () => {
      const removed = await preparePrivateFolder(this.folder);
      if (removed > 0) this.log.info(`removed ${removed} unfinished mirror write(s)`);
    })().catch((error: unknown) => {
      this.opened = undefined;
      throw error;
    });
    return this.opened;
  }

  private removeAll(file: string): Promise<void> {
    return removeWithAside(file, ASIDE_SUFFIX);
  }

  private fileOf(key: string): string {
    return schoolFile(this.folder, 'mirror', key, EXTENSION);
  }

  private nameOf(file: string): string {
    return file.slice(this.folder.length + 1);
  }
}
