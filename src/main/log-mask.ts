import { inspect } from 'node:util';
import type { SecretMask } from '../core/host';

/**
 * Masks one logged value. Strings are masked as they are; anything else (errors with their
 * stacks, objects) is first turned into the text electron-log would have written.
 */
export function maskLogValue(mask: SecretMask, value: unknown): string {
  if (typeof value === 'string') return mask.mask(value);
  if (value instanceof Error) return mask.mask(value.stack ?? `${value.name}: ${value.message}`);
  return mask.mask(inspect(value, { depth: 4, breakLength: Infinity }));
}
