import { z } from 'zod';
import type { Encryptor } from '../../adapters';

/**
 * The outbox journal of the sql.js-era app (up to commit baf6940), read once to move its
 * unsent edits into the school's database (see sqljs-era.ts). Nothing writes this format now.
 *
 * A journal file is a run of frames and nothing else (an empty file is an empty journal):
 *
 *     frame     = length (u32, big-endian) | blob (length bytes)
 *     blob      = Encryptor.encrypt(plaintext)
 *     plaintext = UTF-8 JSON array of JournalRecord, e.g.
 *                 [{"op":"put","id":"e1","value":{...}},{"op":"drop","id":"e0"}]
 *
 * One append writes one frame, and the next begins only after its fsync, so a crash leaves at
 * most the last frame torn: a prefix of it (kill -9), or, after a power cut on some file
 * systems, a tail of zero bytes. A frame counts only if it decrypts and its plaintext is a
 * list of records (checked with zod): AES-GCM authenticates each blob, and an encryptor that
 * does not (safeStorage on some systems) almost surely turns damage into text that fails it.
 */

/** One change to the outbox: an entry's whole new state, or its removal. */
type JournalRecord = { op: 'put'; id: string; value: unknown } | { op: 'drop'; id: string };

/** Bytes of a frame's length field. */
const HEADER_BYTES = 4;

/**
 * What a decrypted frame must hold. The blob is authenticated, so a mismatch means a file of
 * another format or version, which is read like a frame that will not decrypt.
 */
const recordsSchema = z.array(
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('put'), id: z.string(), value: z.json() }),
    z.object({ op: z.literal('drop'), id: z.string() }),
  ]),
);

/** A complete frame found in a file: where it starts and ends, and its encrypted blob. */
type ScannedFrame = { start: number; end: number; blob: Buffer };

/**
 * The complete frames of `bytes`, in order, and where an incomplete one begins (a length
 * field cut short, or a length reaching past the end): that is a torn last append.
 */
function scanFrames(bytes: Buffer): { frames: ScannedFrame[]; tornAt?: number } {
  const frames: ScannedFrame[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < HEADER_BYTES) return { frames, tornAt: offset };
    const length = bytes.readUInt32BE(offset);
    const end = offset + HEADER_BYTES + length;
    if (end > bytes.length) return { frames, tornAt: offset };
    frames.push({ start: offset, end, blob: bytes.subarray(offset + HEADER_BYTES, end) });
    offset = end;
  }
  return { frames };
}

/** The records of a decrypted frame; throws when it is not a JSON array of records. */
function parseRecords(plain: Buffer): JournalRecord[] {
  return recordsSchema.parse(JSON.parse(plain.toString('utf8')));
}

/** What {@link readJournal} found in a file. */
export type JournalRead = {
  /** The live entries by id, in the order of their first put, each as its value's JSON text. */
  live: Map<string, string>;
  /** How many records the good frames hold. */
  records: number;
  /** How many frames were good. */
  kept: number;
  /** Where the file must be cut: a torn or undecryptable last frame begins there. */
  cutAt?: number;
  /**
   * The index of an undecryptable frame that is no crash's doing: one before the last
   * complete frame, or a first frame that will not decrypt (another key). `live` holds what
   * the frames before it say.
   */
  badFrame?: number;
  /** Some good frame was sealed with a key the encryptor has replaced: write the file again. */
  stale: boolean;
};

/**
 * Reads a journal file's bytes: applies the records of each frame in turn (a put sets an
 * entry, keeping its place if it was live; a drop removes it) until the end, a torn frame,
 * or a frame that will not decrypt or parse. An undecryptable frame is the tail of a crash
 * when it is the last complete frame (and not the first), or when only zero bytes follow
 * its start; otherwise it is a {@link JournalRead.badFrame}.
 */
export async function readJournal(
  bytes: Buffer,
  decrypt: Encryptor['decrypt'],
): Promise<JournalRead> {
  const { frames, tornAt } = scanFrames(bytes);
  const read: JournalRead = { live: new Map(), records: 0, kept: 0, cutAt: tornAt, stale: false };
  for (const [index, frame] of frames.entries()) {
    let records: JournalRecord[];
    try {
      const { plain, stale } = await decrypt(frame.blob);
      records = parseRecords(plain);
      read.stale ||= stale;
    } catch {
      const last = index === frames.length - 1 && tornAt === undefined;
      if ((last && index > 0) || zeroFrom(bytes, frame.start)) read.cutAt = frame.start;
      else read.badFrame = index;
      return read;
    }
    for (const record of records) {
      if (record.op === 'put') read.live.set(record.id, JSON.stringify(record.value));
      else read.live.delete(record.id);
    }
    read.records += records.length;
    read.kept += 1;
  }
  return read;
}

/** True when every byte of `bytes` from `start` on is zero (what a power cut may leave). */
function zeroFrom(bytes: Buffer, start: number): boolean {
  for (let i = start; i < bytes.length; i += 1) if (bytes[i] !== 0) return false;
  return true;
}
