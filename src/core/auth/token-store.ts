import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Encryptor } from '../adapters';
import { AuthError } from './errors';
import { tokenSetSchema, type TokenSet } from './token-set';

/**
 * Keeps each school's token set in memory and, where that is safe, encrypted on disk.
 *
 * SECURITY: tokens only ever reach the disk through the Encryptor. When the encryptor offers
 * no real protection (safeStorage's `basic_text`), tokens stay in memory unless the user
 * opted in. A blob that will not decrypt is deleted and reported as
 * `stored_session_unreadable`, so the user is asked to sign in again.
 */
export class TokenStore {
  private readonly memory = new Map<string, TokenSet>();
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly encryptor: Encryptor,
    /** Asked on every save, so opting in or out takes effect at once. */
    private readonly persistWithoutKeyring: () => boolean,
  ) {
    this.dir = join(dataDir, 'sessions');
  }

  /** Whether saved tokens reach the disk (encrypted) or stay in memory only. */
  get persistsToDisk(): boolean {
    return this.encryptor.protection === 'keyring' || this.persistWithoutKeyring();
  }

  /** Saves the set; resolves once it is on disk (when it goes to disk at all). */
  async save(set: TokenSet): Promise<void> {
    if (this.persistsToDisk) {
      const blob = await this.encryptor.encrypt(Buffer.from(JSON.stringify(set), 'utf8'));
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const file = this.fileOf(set.issuer);
      writeFileSync(`${file}.tmp`, blob, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
    } else {
      // Opting out later must not leave an older copy behind.
      rmSync(this.fileOf(set.issuer), { force: true });
    }
    this.memory.set(set.issuer, set);
  }

  /** The school's token set, from memory or disk; undefined when not signed in. */
  async load(issuer: string): Promise<TokenSet | undefined> {
    const cached = this.memory.get(issuer);
    if (cached) return cached;
    let blob: Buffer;
    try {
      blob = readFileSync(this.fileOf(issuer));
    } catch {
      return undefined;
    }
    try {
      const set = tokenSetSchema.parse(
        JSON.parse((await this.encryptor.decrypt(blob)).toString('utf8')),
      );
      this.memory.set(issuer, set);
      return set;
    } catch (cause) {
      rmSync(this.fileOf(issuer), { force: true });
      throw new AuthError('stored_session_unreadable', { cause });
    }
  }

  /** Forgets the school's tokens in memory and on disk. */
  delete(issuer: string): void {
    this.memory.delete(issuer);
    rmSync(this.fileOf(issuer), { force: true });
  }

  /** Issuers with tokens in memory or on disk. */
  async issuers(): Promise<string[]> {
    const onDisk: string[] = [];
    let files: string[] = [];
    try {
      files = readdirSync(this.dir).filter((f) => f.endsWith('.session'));
    } catch {
      // no folder yet: nothing stored
    }
    for (const file of files) {
      try {
        const set = tokenSetSchema.parse(
          JSON.parse(
            (await this.encryptor.decrypt(readFileSync(join(this.dir, file)))).toString('utf8'),
          ),
        );
        this.memory.set(set.issuer, this.memory.get(set.issuer) ?? set);
        onDisk.push(set.issuer);
      } catch {
        rmSync(join(this.dir, file), { force: true });
      }
    }
    return [...new Set([...this.memory.keys(), ...onDisk])];
  }

  private fileOf(issuer: string): string {
    return join(
      this.dir,
      `${createHash('sha256').update(issuer).digest('hex').slice(0, 32)}.session`,
    );
  }
}
