import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { EntityName } from '../../shared/entity-names';
import { ScreenHeading } from '../components/screen-heading';
import { EntityList } from '../lists/entity-list';
import { RecordPanel } from '../records/record-panel';
import { useUiStore } from '../ui-store';
import { guarded } from '../records/unsaved-edits';
import { areaInfo, detailsLabel, newRecordLabel } from '../words/areas';

type Props = { schoolId: string; entity: EntityName; recordId?: string; canWrite: boolean };

/** The list's scrolling body (lists/list-grid.tsx). */
const LIST_BODY = '.list-body';

/**
 * Keeps how far the area's list was scrolled in the school's place (ui-store) when the area
 * goes (another school shown, another area), and scrolls back there when it comes again,
 * once the list has rows enough. The grid scrolls to the top when it mounts, so the scroll is
 * put back two frames later, after the grid's own effects.
 */
function useKeptScroll(root: RefObject<HTMLElement | null>, schoolId: string, entity: EntityName) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const store = useUiStore.getState;
    const saved = store().views[schoolId]?.lists[entity]?.scrollTop ?? 0;
    let last = saved;
    let frame = 0;
    const onScroll = (event: Event) => {
      if (event.target instanceof HTMLElement && event.target.matches(LIST_BODY))
        last = event.target.scrollTop;
    };
    const restore = (): boolean => {
      const body = element.querySelector<HTMLElement>(LIST_BODY);
      if (!body || body.scrollHeight - body.clientHeight < saved) return false;
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          body.scrollTop = saved;
        });
      });
      return true;
    };
    // Scroll events do not bubble; the capture phase hears the list's.
    element.addEventListener('scroll', onScroll, { capture: true, passive: true });
    const observer = new MutationObserver(() => {
      if (restore()) observer.disconnect();
    });
    if (saved > 0 && !restore()) observer.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('scroll', onScroll, { capture: true });
      observer.disconnect();
      cancelAnimationFrame(frame);
      // A school signed out has no place any more, and gets none back from here.
      if (store().views[schoolId]) store().setListView(schoolId, entity, { scrollTop: last });
    };
  }, [root, schoolId, entity]);
}

/** An area the session can read: its list, and the open record beside it. */
export function EntityArea({ schoolId, entity, recordId, canWrite }: Props) {
  const closeRecord = guarded(useUiStore((s) => s.closeRecord));
  const info = areaInfo(entity);
  const section = useRef<HTMLElement>(null);
  useKeptScroll(section, schoolId, entity);

  // Escape closes the record unless something inside handled it (a field, a dialog).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (document.querySelector('dialog[open]')) return;
    event.preventDefault();
    closeRecord();
  };

  return (
    <section ref={section} className="area entity-area" aria-labelledby="area-heading">
      <ScreenHeading id="area-heading">{info.label}</ScreenHeading>
      <div className={`area-body${recordId ? ' with-record' : ''}`}>
        <EntityList schoolId={schoolId} entity={entity} canWrite={canWrite} />
        {recordId ? (
          <aside
            className="record-pane"
            aria-label={recordId === 'new' ? newRecordLabel(entity) : detailsLabel(entity)}
            onKeyDown={onKeyDown}
          >
            <RecordPanel key={recordId} schoolId={schoolId} entity={entity} recordId={recordId} />
          </aside>
        ) : null}
      </div>
    </section>
  );
}
