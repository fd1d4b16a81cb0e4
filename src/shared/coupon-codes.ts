/**
 * The arithmetic of coupon-code patterns, stated once: main draws codes with it
 * (core/jobs/coupon-codes.ts) and the Generate form checks a pattern with it as the owner types.
 */

/**
 * What a `#` of a pattern becomes: one of these, chosen uniformly. The uppercase letters and
 * digits without 0/O and 1/I/L, which look alike in many fonts and on receipts: a buyer who
 * types a code from paper cannot get it wrong by one look-alike character.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A pattern must allow this many times more codes than asked for: with fewer, random codes
 * collide so often (with each other and with codes already on file) that a batch could not
 * finish in a reasonable number of tries.
 */
export const HEADROOM = 4;

/** How many `#` a pattern holds. */
export function wildcardsIn(pattern: string): number {
  return [...pattern].filter((char) => char === '#').length;
}

/** How many different codes a pattern can make (Infinity past what a number holds exactly). */
export function combinationsOf(pattern: string): number {
  const count = CODE_ALPHABET.length ** wildcardsIn(pattern);
  return Number.isSafeInteger(count) ? count : Number.POSITIVE_INFINITY;
}

/** The fewest `#` that leave room (HEADROOM) for `count` codes. */
export function wildcardsFor(count: number): number {
  let needed = 0;
  while (CODE_ALPHABET.length ** needed < count * HEADROOM) needed += 1;
  return needed;
}

/** Whether a pattern leaves room (HEADROOM) for `count` codes. */
export function hasRoomFor(pattern: string, count: number): boolean {
  return combinationsOf(pattern) >= count * HEADROOM;
}
