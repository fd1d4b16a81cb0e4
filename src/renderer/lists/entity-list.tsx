import i18next from 'i18next';
import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import { searchText } from '../../shared/list-rules';
import { toUiError } from '../data/bridge';
import { OfflineNotice, useOfflineNote } from '../sync/offline-notice';
import type { ListParams } from '../data/entity-queries';
import { errorText } from '../words/error-text';
import { errorSentence } from '../words/offline-errors';
import { usePendingIds } from '../data/outbox-queries';
import { useSyncStatus } from '../data/sync-queries';
import { AreaActions } from '../operations/area-actions';
import { useListView, useUiStore } from '../ui-store';
import { leaveIfAllowed } from '../records/unsaved-edits';
import { useOnRecordDeleted } from '../records/record-deleted';
import { LockedControl } from '../step-up/locked-control';
import { ListFilters, type FilterValues } from './filters';
import { ListGrid } from './list-grid';
import { CHUNK_SIZE, useDebounced, useListRows } from './use-list-rows';

const MemoAreaActions = memo(AreaActions);

/** The record id that opens the create form. */
const NEW_RECORD = 'new';

const isNotSynced = (error: unknown) => toUiError(error).code === 'not_synced_offline';

/** How long typing must pause before the list searches the school. */
export const SEARCH_DEBOUNCE_MS = 150;
/**
 * The same for an area kept on this computer: a search there costs tens of milliseconds and
 * no request, so it can follow the typing closely, and the first change after a pause
 * searches at once (useDebounced's `leading`).
 */
export const LOCAL_SEARCH_DEBOUNCE_MS = 40;

type Props<E extends EntityName> = { schoolId: string; entity: E; canWrite: boolean };

/** "2 courses could not be read and are not shown.": records the school sent malformed. */
export function unreadableSentence(count: number, entity: EntityName): string {
  return i18next.t(`lists:unreadable.${entity}`, { count });
}

/** "36 courses", "36 門課程": a list's total. */
export function countSentence(count: number, entity: EntityName): string {
  return i18next.t(`lists:count.${entity}`, { count });
}

/**
 * While the school cannot be reached, why the area's long operations are disabled (single
 * records are still saved, on this computer). Pages have none.
 */
function offlineOperations(entity: EntityName): string | undefined {
  return entity === 'pages' ? undefined : i18next.t(`lists:offline.${entity}`);
}

/**
 * One entity's list: search as you type, filters, sortable columns, the total count, the
 * area's actions, and the virtual grid. Ticked rows are this screen's own state; search,
 * sort and filters are the school's, in the UI store (a switch to another school and back
 * finds them as they were); the rows live in TanStack Query under the keys of
 * entity-queries.ts.
 */
export function EntityList<E extends EntityName>({ schoolId, entity, canWrite }: Props<E>) {
  const { t } = useTranslation(['lists', 'common']);
  // Not generic: the catalog's keys are typed by the four areas' names.
  const area: EntityName = entity;
  const searchId = useId();
  const openRecord = useUiStore((s) => s.openRecord);
  // The school's own search, sort and filters (ui-store): kept while another school is shown.
  const view = useListView(schoolId, entity);
  const setListView = useUiStore((s) => s.setListView);
  const { query, sort } = view;
  const filters = view.filters as FilterValues;
  const setQuery = (text: string) => setListView(schoolId, entity, { query: text });
  const setSort = useCallback(
    (next: string) => setListView(schoolId, entity, { sort: next }),
    [setListView, schoolId, entity],
  );
  const setFilters = (next: FilterValues) => setListView(schoolId, entity, { filters: next });
  // Ticked students by id, with their names for the bulk enroll's report.
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  // A deleted record leaves the ticked rows (a bulk enroll must not meet it).
  useOnRecordDeleted(
    useCallback(
      (gone) => {
        if (gone.schoolId !== schoolId || gone.entity !== entity) return;
        setSelected((current) => {
          if (!current.has(gone.id)) return current;
          const next = new Map(current);
          next.delete(gone.id);
          return next;
        });
      },
      [schoolId, entity],
    ),
  );
  const [chunks, setChunks] = useState({ first: 0, last: 0 });
  const local = useSyncStatus(schoolId)?.areas[entity].state === 'synced';
  const q = useDebounced(
    searchText(query) ?? '',
    local ? LOCAL_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS,
    { leading: local },
  );
  // While the school cannot be reached, the area's long operations say why they are disabled;
  // New still works (the record is saved on this computer and sent later).
  const { noteId } = useOfflineNote(schoolId);
  const offlineSentence = offlineOperations(entity);
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
  // The grid's way in from the search box (list-grid.tsx); null while no grid is shown.
  const enterGrid = useRef<(() => void) | null>(null);
  const open = useCallback(
    (id: string) => leaveIfAllowed(() => openRecord(entity, id)),
    [openRecord, entity],
  );

  const total = rows.totalCount;
  const filtered = q !== '' || Object.keys(filters).length > 0;
  const newLabel = t(`new.${area}`);

  return (
    <div className="entity-list">
      <div className="list-toolbar" role="search" aria-label={t(`toolbar.${area}`)}>
        <div className="list-search">
          <label htmlFor={searchId}>{t(`search.${area}`)}</label>
          <input
            id={searchId}
            type="search"
            data-list-search=""
            value={query}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // ↓ goes on to the results, as in a search field with a list of suggestions.
              if (event.key !== 'ArrowDown' || !enterGrid.current) return;
              event.preventDefault();
              enterGrid.current();
            }}
          />
        </div>
        <ListFilters entity={entity} values={filters} onChange={setFilters} />
      </div>
      <div className="list-actions">
        <p className="list-count" role="status">
          {total === undefined ? '' : countSentence(total, entity)}
          {entity === 'students' && selected.size > 0
            ? ` · ${t('selected', { count: selected.size })}`
            : ''}
          {rows.unreadable > 0 ? (
            <span className="list-unreadable"> {unreadableSentence(rows.unreadable, entity)}</span>
          ) : null}
        </p>
        {selected.size > 0 ? (
          <button type="button" className="link-like" onClick={() => setSelected(new Map())}>
            {t('clearSelection')}
          </button>
        ) : null}
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
            <button
              type="button"
              className="primary"
              onClick={() => leaveIfAllowed(() => openRecord(entity, NEW_RECORD))}
            >
              {newLabel}
            </button>
          ) : (
            <LockedControl
              label={newLabel}
              scope={`${entity}:write`}
              onGranted={() => leaveIfAllowed(() => openRecord(entity, NEW_RECORD))}
            />
          )}
        </div>
        {offlineNote ? <OfflineNotice id={offlineNote}>{offlineSentence}</OfflineNotice> : null}
      </div>
      {rows.error && total === undefined ? (
        <div className="notice error list-state" role="alert">
          <p>
            {isNotSynced(rows.error)
              ? errorSentence(rows.error, entity)
              : t(`loadFailed.${area}`, { reason: errorText(rows.error) })}
          </p>
          <button type="button" className="secondary" onClick={rows.retry}>
            {t('common:retry')}
          </button>
        </div>
      ) : rows.isPending ? (
        <p className="list-state hint" role="status">
          {t(`loading.${area}`)}
        </p>
      ) : total === 0 && !rows.isRefreshing ? (
        <p className="list-state empty">
          {q
            ? t(`noMatch.${area}`, { query: q })
            : filtered
              ? t(`noMatchFilters.${area}`)
              : t(`empty.${area}`)}
        </p>
      ) : (
        <>
          {rows.chunkFailed || (rows.error && total !== undefined) ? (
            <div className="notice error list-state" role="alert">
              <p>{t(`someFailed.${area}`)}</p>
              <button type="button" className="secondary" onClick={rows.retry}>
                {t('common:retry')}
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
            enterRef={enterGrid}
          />
        </>
      )}
    </div>
  );
}
