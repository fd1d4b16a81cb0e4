import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';

/** The mirror's methods that change it (MirrorDatabase's names). */
const MUTATORS = new Set([
  'upsert',
  'remove',
  'setEtag',
  'clear',
  'putEnrollments',
  'upsertEnrollment',
  'removeEnrollment',
  'setMeta',
]);

function isArea(value: unknown): value is EntityName {
  return (ENTITY_NAMES as readonly unknown[]).includes(value);
}

/** The record ids a mutator call names, for the areas' record tables. */
function idsOf(method: string, args: unknown[]): string[] {
  const [, second] = args;
  if (method === 'upsert' && Array.isArray(second))
    return second.map((record) => String((record as { id?: unknown }).id));
  if (method === 'remove' && Array.isArray(second)) return second.map(String);
  if (method === 'setEtag' && typeof second === 'string') return [second];
  return [];
}

/**
 * Notes what the app writes into the mirror while sync runs. The local-first data layer
 * writes a record the school answered (a create, a save) straight into the mirror; an id
 * sweep that began before must not drop it.
 */
export class WriteTracker {
  private readonly active = new Map<EntityName, Set<Set<string>>>();

  /** Starts collecting the ids written into `area`; `stop` ends it. */
  track(area: EntityName): { ids(): ReadonlySet<string>; stop(): void } {
    const ids = new Set<string>();
    let sets = this.active.get(area);
    if (!sets) {
      sets = new Set();
      this.active.set(area, sets);
    }
    sets.add(ids);
    return {
      ids: () => ids,
      stop: () => {
        sets.delete(ids);
      },
    };
  }

  /**
   * The mirror as the rest of the app sees it: the same object, except that every change
   * made through it is noted for running sweeps.
   */
  watch<M extends object>(mirror: M): M {
    return new Proxy(mirror, {
      get: (target, property) => {
        // The target as receiver: its getters and private fields belong to it, not the proxy.
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (typeof property !== 'string' || !MUTATORS.has(property)) return method.bind(target);
        return (...args: unknown[]) => {
          const result = method.apply(target, args);
          const area = args[0];
          if (isArea(area)) {
            const ids = idsOf(property, args);
            for (const set of this.active.get(area) ?? []) for (const id of ids) set.add(id);
          }
          return result;
        };
      },
    });
  }
}
