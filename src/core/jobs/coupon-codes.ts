import { randomInt } from 'node:crypto';

/** What a `#` of a pattern becomes: one of these, chosen uniformly. */
export const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A pattern must allow this many times more codes than asked for: with fewer, random codes
 * collide so often (with each other and with codes already on file) that a batch could not
 * finish in a reasonable number of tries.
 */
export const HEADROOM = 4;

/** How many different codes a pattern can make (Infinity past what a number holds exactly). */
export function combinationsOf(pattern: string): number {
  const wildcards = [...pattern].filter((char) => char === '#').length;
  const count = CODE_ALPHABET.length ** wildcards;
  return Number.isSafeInteger(count) ? count : Number.POSITIVE_INFINITY;
}

/**
 * The plain sentence refusing a pattern that is too small for `count` codes, or undefined
 * when it is large enough.
 */
export function patternProblem(pattern: string, count: number): string | undefined {
  // The platform's codes start with a letter or a digit (COUPON_CODE_PATTERN).
  if (/^[-_]/.test(pattern)) return 'A pattern must start with a letter, a digit or #.';
  const combinations = combinationsOf(pattern);
  if (combinations >= count * HEADROOM) return undefined;
  const wildcards = [...pattern].filter((char) => char === '#').length;
  let needed = wildcards;
  while (CODE_ALPHABET.length ** needed < count * HEADROOM) needed += 1;
  return `The pattern can make only ${combinations.toLocaleString('en')} codes, too few for ${count.toLocaleString('en')}. Use at least ${needed} # characters.`;
}

/**
 * A code from `pattern`: each `#` becomes a random letter or digit (node:crypto, so codes
 * cannot be guessed from earlier ones), every other character is kept.
 */
export function codeFrom(pattern: string, randomIndex: RandomIndex = randomInt): string {
  return [...pattern]
    .map((char) => (char === '#' ? CODE_ALPHABET[randomIndex(CODE_ALPHABET.length)] : char))
    .join('');
}

/** A uniform random whole number in [0, max); node:crypto's `randomInt` unless a test pins one. */
export type RandomIndex = (max: number) => number;

/**
 * Draws codes from `pattern` that are not in `taken`, and adds each to it, so the codes of
 * one batch never repeat (the platform is the judge for codes already on file).
 */
export class CodeDrawer {
  private readonly combinations: number;

  constructor(
    private readonly pattern: string,
    private readonly randomIndex: RandomIndex = randomInt,
    private readonly taken = new Set<string>(),
  ) {
    this.combinations = combinationsOf(pattern);
  }

  /**
   * A code not drawn before, or undefined once the pattern has no other code left. The
   * pattern's headroom (HEADROOM) keeps the loop short.
   */
  draw(): string | undefined {
    while (this.taken.size < this.combinations) {
      const code = codeFrom(this.pattern, this.randomIndex);
      if (!this.taken.has(code)) {
        this.taken.add(code);
        return code;
      }
    }
    return undefined;
  }
}
