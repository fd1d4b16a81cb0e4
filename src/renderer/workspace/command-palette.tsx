import { useQueries } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummaryView } from '../../shared/contract';
import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import { searchText } from '../../shared/list-rules';
import { recordLabel } from '../../shared/record-label';
import { listWindowQuery } from '../data/entity-queries';
import { rowDetail } from '../lists/columns';
import { useDebounced } from '../lists/use-list-rows';
import { areaInfo, AREAS, newRecordLabel } from '../words/areas';
import { Modal } from '../components/modal';
import { accessOf, schoolName } from '../data/use-current-session';

/** Records found per entity as the owner types. */
export const PALETTE_RESULTS_PER_ENTITY = 5;
const SEARCH_DEBOUNCE_MS = 200;

type Item = { id: string; group: string; label: string; detail?: string; run: () => void };

type Props = {
  session: SessionSummaryView;
  /** Every signed-in school: the others can be switched to from here. */
  sessions: readonly SessionSummaryView[];
  switchSchool: (schoolId: string) => void;
  addSchool: () => void;
  onClose: () => void;
  openArea: (area: (typeof AREAS)[number]['id']) => void;
  openRecord: (entity: EntityName, id: string) => void;
  /** Shows an area's list searched for `q`: where a search finds more than the palette shows. */
  searchArea: (entity: EntityName, q: string) => void;
  /** Starts a new record, asking for write access first if needed. */
  newRecord: (entity: EntityName) => void;
  openShortcuts: () => void;
  /** Asks main to bring this school's copy up to date now. */
  syncNow: () => void;
};

const matches = (label: string, text: string) => {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => label.toLowerCase().includes(w));
};

/**
 * The command palette (Ctrl/⌘+K): a combobox over one listbox of areas, commands, the other
 * signed-in schools ("Switch to …", "Add another school") and records.
 * Focus stays in the text field; arrows move the active option (aria-activedescendant),
 * Enter runs it, Escape closes. Records come from the four list channels, a few per entity;
 * when an area has more matches than that, a last option says how many and opens them all.
 */
export function CommandPalette(props: Props) {
  const { session, sessions, onClose } = props;
  const { t } = useTranslation(['shell', 'common']);
  const baseId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(searchText(text) ?? '', SEARCH_DEBOUNCE_MS);
  const searchable = ENTITY_NAMES.filter((e) => accessOf(session, e).canRead);
  const searches = useQueries({
    queries: searchable.map((entity) => ({
      ...listWindowQuery(session.schoolId, entity, { q }, 0, PALETTE_RESULTS_PER_ENTITY),
      placeholderData: undefined,
      enabled: q.length >= 2,
    })),
  });

  // Close first: the dialog hands focus back before the command moves it elsewhere.
  const then = (run: () => void) => () => {
    onClose();
    run();
  };
  const goTo = t('palette.goTo');
  const commandGroup = t('palette.commands');
  const schoolGroup = t('palette.schools');
  const commands: Item[] = [
    ...AREAS.map((a) => ({
      id: `area-${a.id}`,
      group: goTo,
      label: t('palette.goToArea', { area: a.label }),
      run: then(() => props.openArea(a.id)),
    })),
    ...ENTITY_NAMES.map((entity) => {
      const label = newRecordLabel(entity);
      return {
        id: `new-${entity}`,
        group: commandGroup,
        label: accessOf(session, entity).canWrite ? label : t('palette.locked', { label }),
        run: then(() => props.newRecord(entity)),
      };
    }),
    {
      id: 'shortcuts',
      group: commandGroup,
      label: t('shortcuts.heading'),
      run: then(props.openShortcuts),
    },
    { id: 'sync-now', group: commandGroup, label: t('header.syncNow'), run: then(props.syncNow) },
    ...sessions
      .filter((s) => s.schoolId !== session.schoolId)
      .map((s) => ({
        id: `school-${s.schoolId}`,
        group: schoolGroup,
        label: t('palette.switchSchool', { school: schoolName(s, sessions) }),
        detail: s.baseUrl,
        run: then(() => props.switchSchool(s.schoolId)),
      })),
    {
      id: 'add-school',
      group: schoolGroup,
      label: t('header.addSchool'),
      run: then(props.addSchool),
    },
  ].filter((item) => matches(item.label, text));
  const records: Item[] =
    q.length >= 2
      ? searches.flatMap((search, index) => {
          const entity = searchable[index]!;
          const group = areaInfo(entity).label;
          const rows = search.data?.rows ?? [];
          const total = search.data?.totalCount ?? 0;
          const found: Item[] = rows.map((row) => ({
            id: `${entity}-${row.id}`,
            group,
            label: recordLabel(entity, row) ?? '',
            detail: rowDetail(entity, row),
            run: then(() => props.openRecord(entity, row.id)),
          }));
          // More than shown: say how many, and open them all in the area's searched list.
          if (total > rows.length)
            found.push({
              id: `more-${entity}`,
              group,
              label: t('palette.allMatches', { count: total, area: group }),
              detail: t('palette.shownOf', { shown: rows.length, count: total }),
              run: then(() => props.searchArea(entity, q)),
            });
          return found;
        })
      : [];
  const items = [...commands, ...records];
  const current = Math.min(active, Math.max(0, items.length - 1));
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const searching = q.length >= 2 && searches.some((s) => s.isFetching);
  const listboxId = `${baseId}-listbox`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      items[current]?.run();
    }
  };

  const groups = [...new Set(items.map((i) => i.group))];
  return (
    <Modal labelledBy={`${baseId}-heading`} onDismiss={onClose} className="palette">
      <h2 id={`${baseId}-heading`} className="visually-hidden">
        {t('palette.heading')}
      </h2>
      <label htmlFor={`${baseId}-input`} className="visually-hidden">
        {t('palette.input')}
      </label>
      <input
        id={`${baseId}-input`}
        className="palette-input"
        type="text"
        role="combobox"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder={t('palette.placeholder')}
        aria-expanded="true"
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listboxId} role="listbox" aria-label={t('palette.results')} className="palette-list">
        {groups.map((group, groupIndex) => (
          <div role="group" key={group} aria-labelledby={`${baseId}-group-${groupIndex}`}>
            <div role="presentation" id={`${baseId}-group-${groupIndex}`} className="palette-group">
              {group}
            </div>
            {items.map((item, index) =>
              item.group === group ? (
                <div
                  key={item.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  className="palette-option"
                  onMouseMove={() => {
                    if (index !== current) setActive(index);
                  }}
                  onClick={item.run}
                >
                  <span>{item.label}</span>
                  {item.detail ? <span className="palette-detail">{item.detail}</span> : null}
                </div>
              ) : null,
            )}
          </div>
        ))}
      </div>
      <p role="status" className="hint">
        {searching
          ? t('common:searching')
          : items.length === 0
            ? t('palette.nothing', { text })
            : ''}
      </p>
    </Modal>
  );
}
