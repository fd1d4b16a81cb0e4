import type { EntityName } from '../../shared/entity-names';

/** PLACEHOLDER (owned by the record-forms work in this change): the detail and edit form. */
export function RecordPanel(_props: { issuer: string; entity: EntityName; recordId: string }) {
  return null;
}
