import type { EntityName } from '../../shared/entity-names';

/** PLACEHOLDER (owned by the long-operations work in this change): import, export, generate. */
export function AreaActions(_props: { issuer: string; entity: EntityName }) {
  return null;
}
