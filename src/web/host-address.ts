import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { isTempName, writeFileAtomicSync, type LogSink } from '../core/host';

/**
 * What makes the web host's address: its secret (the URL fragment the page needs) and its
 * port. Both are kept per data folder, so an address the owner bookmarked opens Schooldesk
 * again after a restart. `--new-secret` rotates the secret.
 *
 * The file sits beside the session key (keys/web-host.json), is written atomically with mode
 * 0600 and, like the key, never leaves this computer's user.
 */

/** 32 random bytes, base64url: the strength of the per-run secret it replaces. */
const SECRET_BYTES = 32;
const secretPattern = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((SECRET_BYTES * 4) / 3)}}$`);

const addressFile = z.object({
  version: z.literal(1),
  secret: z.string().regex(secretPattern),
  /** The port the host last listened on; absent before the first one was bound. */
  port: z.int().min(1).max(65535).optional(),
});
type AddressFile = z.infer<typeof addressFile>;

/** The saved address, and how its secret came to be. */
export type HostAddress = {
  secret: string;
  /** The port to try first (the last one), if any. */
  port?: number;
  /**
   * `kept`: the saved secret (the bookmark still opens); `new`: none was saved (first start,
   * or a file that would not read); `rotated`: made on purpose (`--new-secret`) or because
   * the file could be read by others than this user.
   */
  secretOrigin: 'kept' | 'new' | 'rotated';
};

/** The file of `dataDir`'s web host address. */
export function hostAddressPath(dataDir: string): string {
  return join(dataDir, 'keys', 'web-host.json');
}

/**
 * The web host's saved address, or a new secret saved at once (so a crash before the first
 * answer still leaves the printed address valid). `rotate` makes a new secret whatever is
 * saved, keeping the port.
 *
 * SECURITY: the secret is never logged. A file others than this user could read (mode wider
 * than 0600) may have leaked it, so its secret is replaced, not trusted.
 */
export function loadHostAddress(
  dataDir: string,
  options: { rotate?: boolean; log: LogSink },
): HostAddress {
  const path = hostAddressPath(dataDir);
  const saved = readSaved(path, options.log);
  let origin: HostAddress['secretOrigin'];
  if (!saved) origin = 'new';
  else if (options.rotate) origin = 'rotated';
  else if (saved.exposed) {
    origin = 'rotated';
    options.log.warn(
      `${path} could be read by other users, so the web host made a new secret; ` +
        'addresses saved before no longer open Schooldesk.',
    );
  } else return { secret: saved.file.secret, port: saved.file.port, secretOrigin: 'kept' };
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const port = saved?.file.port;
  saveHostAddress(dataDir, { secret, port });
  return { secret, port, secretOrigin: origin };
}

/** Saves the address (atomically, 0600) so the next start reuses it. */
export function saveHostAddress(dataDir: string, address: { secret: string; port?: number }) {
  const dir = join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file: AddressFile = { version: 1, secret: address.secret, port: address.port };
  writeFileAtomicSync(hostAddressPath(dataDir), Buffer.from(`${JSON.stringify(file)}\n`, 'utf8'));
}

function readSaved(
  path: string,
  log: LogSink,
): { file: AddressFile; exposed: boolean } | undefined {
  removeStaleTemps(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: AddressFile;
  try {
    parsed = addressFile.parse(JSON.parse(text));
  } catch {
    // A damaged file: a fresh secret replaces it (the old address cannot be trusted anyway).
    log.warn(`${path} could not be read, so the web host made a new address.`);
    return undefined;
  }
  const exposed = process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0;
  // SECURITY: the replacement is written 0600 by writeFileAtomicSync; narrow this one too
  // in case writing it fails.
  if (exposed) chmodSync(path, 0o600);
  return { file: parsed, exposed };
}

/** Temporary copies a crash in writeFileAtomicSync left beside the file (they hold a secret). */
function removeStaleTemps(path: string): void {
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return; // no keys folder yet
  }
  for (const name of names)
    if (name.startsWith(`${basename(path)}.`) && isTempName(name))
      rmSync(join(dirname(path), name), { force: true });
}
