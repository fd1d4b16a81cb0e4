import { createHash } from 'node:crypto';

/** Our own namespace for import keys (a random UUID, fixed forever: changing it re-keys). */
const NAMESPACE = Buffer.from('8d7f3c52a1e44b0f9c6e2f71d05a9b3e', 'hex');

/**
 * A name-based UUID (RFC 9562 version 5: SHA-1 over a namespace and a name) for the
 * Idempotency-Key of one imported student. The same school, e-mail and fields always give
 * the same key, so an import run again after a crash or a lost answer is answered from the
 * platform's memory of the first request instead of creating anyone twice.
 *
 * The name and phone are part of it because the platform refuses a key sent again with a
 * different body (422 `idempotency_key_reused`): a file corrected after a first run then gets
 * new keys, and the platform's own rule (one student per e-mail, 200 for one on file) is what
 * keeps it from duplicating.
 */
export function importKey(
  schoolId: string,
  student: { email: string; name: string; phoneNumber: string | null },
): string {
  const name = JSON.stringify([
    schoolId,
    student.email.toLowerCase(),
    student.name,
    student.phoneNumber,
  ]);
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
