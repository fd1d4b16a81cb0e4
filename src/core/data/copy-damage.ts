import { PlatformError } from '../platform/errors';
import type { DamagedDatabase, OpenedSchoolDatabase } from '../store/school-database';

/**
 * SQLite's answers for pages that fail their check when read: the cipher authenticates every
 * page, so a changed byte reads as a malformed database (SQLITE_CORRUPT), and a page that
 * does not decrypt at all as not a database (SQLITE_NOTADB).
 */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DAMAGE_CODES.has(code);
}

/**
 * The school's local copy as the app uses it, watched for damage found after it opened (the
 * open checks only the outbox's pages: reading all of a large copy would take too long). A
 * call that meets a damaged page tells `onDamage` once, so the school's database can be set
 * aside and the school copied again, and fails with `copy_damaged`, a sentence for the owner.
 */
export function guardDamage<T extends object>(copy: T, onDamage: () => void): T {
  let told = false;
  const damaged = (error: unknown): never => {
    if (!isDamage(error)) throw error;
    if (!told) {
      told = true;
      onDamage();
    }
    throw new PlatformError('copy_damaged', { cause: error });
  };
  return new Proxy(copy, {
    get: (target, property) => {
      // The target as receiver: its private fields belong to it, not to the proxy.
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        try {
          const result = method.apply(target, args);
          return result instanceof Promise ? result.catch(damaged) : result;
        } catch (error) {
          return damaged(error);
        }
      };
    },
  });
}

/**
 * What an open found, with what was set aside as damaged before it (its unsent edits kept
 * beside any the open itself salvaged).
 */
export function withDamage(
  opened: OpenedSchoolDatabase,
  damaged: DamagedDatabase | undefined,
): OpenedSchoolDatabase {
  if (!damaged) return opened;
  const salvaged = [...(damaged.salvaged ?? []), ...(opened.salvaged ?? [])];
  return {
    ...damaged,
    ...opened,
    setAside: opened.setAside ?? damaged.setAside,
    ...(damaged.salvaged || opened.salvaged ? { salvaged } : {}),
  };
}
