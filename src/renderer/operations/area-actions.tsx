import type { EntityName } from '../../shared/entity-names';
import type { ListParams } from '../entity-queries';

/** What the list toolbar hands its area's actions. */
export type AreaActionsProps = {
  issuer: string;
  entity: EntityName;
  /** The list's current search, sort and filters (what an export writes). */
  params: ListParams<EntityName>;
  /** Rows ticked in the list (students: for bulk enroll). */
  selectedIds: readonly string[];
  /** Whether the session holds `<entity>:write`. */
  canWrite: boolean;
};

/** PLACEHOLDER (owned by the long-operations work in this change): import, export, generate. */
export function AreaActions(_props: AreaActionsProps) {
  return null;
}
