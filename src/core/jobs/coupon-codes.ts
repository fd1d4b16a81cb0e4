import { randomInt } from 'node:crypto';
import {
  CODE_ALPHABET,
  combinationsOf,
  hasRoomFor,
  wildcardsFor,
  wildcardsIn,
} from '../../shared/coupon-codes';
import { englishError } from '../i18n/english';

/**
 * The field rule's sentence refusing a pattern that is too small for `count` codes (in the
 * platform's English, from the catalog: the renderer reads it back into the rule and writes
 * it in the owner's language), or undefined when it is large enough.
 */
export function patternProblem(pattern: string, count: number): string | undefined {
  // The platform's codes start with a letter or a digit (COUPON_CODE_PATTERN).
  if (/^[-_]/.test(pattern)) return englishError('field.pattern_start');
  if (hasRoomFor(pattern, count)) return undefined;
  const combinations = combinationsOf(pattern);
  const needed = Math.max(wildcardsIn(pattern), wildcardsFor(count));
  // Grouped as the platform writes numbers ("1,000"); parseFieldError reads them back.
  const grouped = (n: number) => n.toLocaleString('en');
  return englishError('field.pattern_too_small', {
    combinations: grouped(combinations),
    count: grouped(count),
    needed: String(needed),
  });
}

/**
 * A code from `pattern`: each `#` becomes a random CODE_ALPHABET character (node:crypto, so codes
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
   * pattern's headroom (shared HEADROOM) keeps the loop short.
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
