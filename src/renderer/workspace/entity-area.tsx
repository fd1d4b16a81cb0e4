import type { KeyboardEvent } from 'react';
import type { EntityName } from '../../shared/entity-names';
import { ScreenHeading } from '../components/screen-heading';
import { EntityList } from '../lists/entity-list';
import { RecordPanel } from '../records/record-panel';
import { useUiStore } from '../ui-store';
import { areaInfo, capitalised } from './areas';

type Props = { schoolId: string; entity: EntityName; recordId?: string; canWrite: boolean };

/** An area the session can read: its list, and the open record beside it. */
export function EntityArea({ schoolId, entity, recordId, canWrite }: Props) {
  const closeRecord = useUiStore((s) => s.closeRecord);
  const info = areaInfo(entity);

  // Escape closes the record unless something inside handled it (a field, a dialog).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (document.querySelector('dialog[open]')) return;
    event.preventDefault();
    closeRecord();
  };

  return (
    <section className="area entity-area" aria-labelledby="area-heading">
      <ScreenHeading id="area-heading">{info.label}</ScreenHeading>
      <div className={`area-body${recordId ? ' with-record' : ''}`}>
        <EntityList schoolId={schoolId} entity={entity} canWrite={canWrite} />
        {recordId ? (
          <aside
            className="record-pane"
            aria-label={
              recordId === 'new' ? `New ${info.singular}` : `${capitalised(info.singular)} details`
            }
            onKeyDown={onKeyDown}
          >
            <RecordPanel key={recordId} schoolId={schoolId} entity={entity} recordId={recordId} />
          </aside>
        ) : null}
      </div>
    </section>
  );
}
