import { memo, useCallback, useId, useMemo, useState } from 'react';
import type { EntityName } from '../../shared/entity-names';
import { toUiError } from '../bridge';
import { OfflineNotice, useOfflineNote } from '../components/offline-notice';
import type { ListParams } from '../entity-queries';
import { errorSentence } from '../offline-errors';
import { usePendingIds } from '../outbox-queries';
import { useSyncStatus } from '../sync-status';
import { AreaActions } from '../operations/area-actions';
import { useUiStore } from '../ui-store';
import { areaInfo, capitalised, countOf } from '../workspace/areas';
import { LockedControl } from '../workspace/locked-control';
import { ListFilters, type FilterValues } from './filters';
import { ListGrid } from './list-grid';
import { CHUNK_SIZE, useDebounced, useListRows } from './use-list-rows';

const MemoAreaActions = memo(AreaActions);

/** How long typing must pause before the list searches the school. */
export const SEARCH_DEBOUNCE_MS = 150;
/**
 * The same for an area kept on this computer: a search there costs tens of milliseconds and
 * no request, so it can follow the typing closely.
 */
export const LOCAL_SEARCH_DEBOUNCE_MS = 40;

type Props<E extends EntityName> = { schoolId: string; entity: E; canWrite: boolean };

/** "2 courses could not be read and are not shown.": records the school sent malformed. */
export function unreadableSentence(count: number, entity: EntityName): string {
  return `${countOf(count, entity)} could not be read and ${count === 1 ? 'is' : 'are'} not shown.`;
}

/**
 * While the school cannot be reached, why the area's long operations are disabled (single
 * records are still saved, on this computer). Pages have none.
 */
const OFFLINE_OPERATIONS: Record<EntityName, string | undefined> = {
  courses: "You're offline: export needs the school, and can be done once it answers.",
  students:
    "You're offline: import, bulk enroll and export need the school, and can be done once it answers.",
  coupons:
    "You're offline: generating codes and export need the school, and can be done once it answers.",
  pages: undefined,
};

/**
 * One entity's list: search as you type, filters, sortable columns, the total count, the
 * area's actions, and the virtual grid. Search, sort, filters and ticked rows are this
 * screen's own state; the rows live in TanStack Query under the keys of entity-queries.ts.
 */
export function EntityList<E extends EntityName>({ schoolId, entity, canWrite }: Props<E>) {
  const info = areaInfo(entity);
  const searchId = useId();
  const openRecord = useUiStore((s) => s.openRecord);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<string>();
  const [filters, setFilters] = useState<FilterValues>({});
  // Ticked students by id, with their names for the bulk enroll's report.
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const [chunks, setChunks] = useState({ first: 0, last: 0 });
  const local = useSyncStatus(schoolId)?.areas[entity].state === 'synced';
  const q = useDebounced(query.trim(), local ? LOCAL_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS);
  // While the school cannot be reached, the area's long operations say why they are disabled;
  // New still works (the record is saved on this computer and sent later).
  const { noteId } = useOfflineNote(schoolId);
  const offlineSentence = OFFLINE_OPERATIONS[entity];
  const offlineNote = offlineSentence ? noteId : undefined;
  // Rows with edits not yet at the school carry a mark.
  const pending = usePendingIds(schoolId, entity);

  // Memoised (and the selection is state) so the toolbar's actions, whose dialogs are large,
  // do not render again each time a chunk of rows arrives while scrolling.
  const params = useMemo(
    () =>
      ({
        ...(q ? { q } : {}),
        ...(sort ? { sort } : {}),
        ...(Object.keys(filters).length > 0 ? { filters } : {}),
      }) as ListParams<E>,
    [q, sort, filters],
  );
  const rows = useListRows(
    schoolId,
    entity,
    params,
    chunks.first * CHUNK_SIZE,
    chunks.last * CHUNK_SIZE,
  );
  const onRange = useCallback(
    (first: number, last: number) =>
      setChunks((c) => (c.first === first && c.last === last ? c : { first, last })),
    [],
  );
  // Stable callbacks: the grid's rows are memoised and must not all render again each time
  // a chunk of rows arrives.
  const toggle = useCallback(
    (id: string, title: string) =>
      setSelected((current) => {
        const next = new Map(current);
        if (next.has(id)) next.delete(id);
        else next.set(id, title);
        return next;
      }),
    [],
  );
  const open = useCallback((id: string) => openRecord(entity, id), [openRecord, entity]);

  const total = rows.totalCount;
  const filtered = q !== '' || Object.keys(filters).length > 0;
  const newLabel = `New ${info.singular}`;

  return (
    <div className="entity-list">
      <div className="list-toolbar" role="search" aria-label={`Search and filter ${info.plural}`}>
        <div className="list-search">
          <label htmlFor={searchId}>Search {info.plural}</label>
          <input
            id={searchId}
            type="search"
            data-list-search=""
            value={query}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <ListFilters entity={entity} values={filters} onChange={setFilters} />
      </div>
      <div className="list-actions">
        <p className="list-count" role="status">
          {total === undefined ? '' : countOf(total, entity)}
          {entity === 'students' && selected.size > 0 ? ` · ${selected.size} selected` : ''}
          {rows.unreadable > 0 ? (
            <span className="list-unreadable"> {unreadableSentence(rows.unreadable, entity)}</span>
          ) : null}
        </p>
        <div className="list-action-buttons">
          <MemoAreaActions
            schoolId={schoolId}
            entity={entity}
            params={params}
            selected={selected}
            canWrite={canWrite}
            offlineNote={offlineNote}
          />
          {canWrite ? (
            <button type="button" className="primary" onClick={() => openRecord(entity, 'new')}>
              {newLabel}
            </button>
          ) : (
            <LockedControl
              label={capitalised(newLabel)}
              scope={`${entity}:write`}
              onGranted={() => openRecord(entity, 'new')}
            />
          )}
        </div>
        {offlineNote ? <OfflineNotice id={offlineNote}>{offlineSentence}</OfflineNotice> : null}
      </div>
      {rows.error && total === undefined ? (
        <div className="notice error list-state" role="alert">
          <p>
            {toUiError(rows.error).code === 'not_synced_offline'
              ? errorSentence(rows.error, info.plural)
              : `Schooldesk could not load the ${info.plural}. ${toUiError(rows.error).message}`}
          </p>
          <button type="button" className="secondary" onClick={rows.retry}>
            Retry
          </button>
        </div>
      ) : rows.isPending ? (
        <p className="list-state hint" role="status">
          Loading {info.plural}…
        </p>
      ) : total === 0 && !rows.isRefreshing ? (
        <p className="list-state empty">
          {q
            ? `No ${info.plural} match “${q}”.`
            : filtered
              ? `No ${info.plural} match these filters.`
              : `There are no ${info.plural} yet.`}
        </p>
      ) : (
        <>
          {rows.chunkFailed || (rows.error && total !== undefined) ? (
            <div className="notice error list-state" role="alert">
              <p>Some {info.plural} could not be loaded.</p>
              <button type="button" className="secondary" onClick={rows.retry}>
                Retry
              </button>
            </div>
          ) : null}
          <ListGrid
            entity={entity}
            params={params}
            rows={rows}
            onRange={onRange}
            onSort={setSort}
            onOpen={open}
            pending={pending}
            selected={entity === 'students' ? selected : undefined}
            onToggle={entity === 'students' ? toggle : undefined}
          />
        </>
      )}
    </div>
  );
}
