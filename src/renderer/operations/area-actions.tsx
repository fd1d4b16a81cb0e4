import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import type { ListParams } from '../data/entity-queries';
import { LockedControl } from '../step-up/locked-control';
import { EnrollDialog } from './enroll-dialog';
import { ExportAction } from './export-action';
import { GenerateDialog } from './generate-dialog';
import { ImportDialog } from './import-dialog';

/** What the list toolbar hands its area's actions. */
export type AreaActionsProps = {
  schoolId: string;
  entity: EntityName;
  /** The list's current search, sort and filters (what an export writes). */
  params: ListParams<EntityName>;
  /** Rows ticked in the list, id → name (students: for bulk enroll). */
  selected: ReadonlyMap<string, string>;
  /** Whether the session holds `<entity>:write`. */
  canWrite: boolean;
  /**
   * While the school cannot be reached: the id of the sentence saying why, and every action
   * (export too: it reads the school) is disabled and described by it.
   */
  offlineNote?: string | undefined;
};

type Open = 'import' | 'generate' | 'enroll' | null;

/**
 * The long operations of an area, in its list toolbar: students import, export and bulk
 * enroll; coupons generate and export; courses export; pages none. Write operations need the
 * area's `:write` scope; without it they show locked with "Grant access". While the school
 * cannot be reached they are all disabled, described by the list's offline sentence.
 */
export function AreaActions(props: AreaActionsProps) {
  const { schoolId, entity, params, selected, canWrite, offlineNote } = props;
  const { t } = useTranslation('operations');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  if (entity === 'pages') return null;

  type Write = { key: Exclude<Open, null>; label: string; locked: string; disabled?: boolean };
  const writes: Write[] =
    entity === 'students'
      ? [
          { key: 'import', label: t('actions.import'), locked: t('actions.importLocked') },
          {
            key: 'enroll',
            label:
              selected.size > 0
                ? t('actions.enrollCount', { count: selected.size })
                : t('actions.enroll'),
            locked: t('actions.enrollLocked'),
            disabled: selected.size === 0,
          },
        ]
      : entity === 'coupons'
        ? [{ key: 'generate', label: t('actions.generate'), locked: t('actions.generateLocked') }]
        : [];

  return (
    <div className="area-actions" role="group" aria-label={t('actions.bulk')}>
      {writes.length > 0
        ? canWrite
          ? writes.map((w) => (
              <button
                key={w.key}
                type="button"
                className="secondary"
                disabled={w.disabled || offlineNote !== undefined}
                aria-describedby={offlineNote}
                title={w.key === 'enroll' && w.disabled ? t('actions.enrollHint') : undefined}
                onClick={() => setOpen(w.key)}
              >
                {w.label}
              </button>
            ))
          : // Shown so the owner knows they exist; once granted, the dialog opens at once.
            writes.map((w) => (
              <LockedControl
                key={w.key}
                label={w.locked}
                scope={`${entity}:write`}
                onGranted={() => {
                  if (!w.disabled) setOpen(w.key);
                }}
              />
            ))
        : null}
      <ExportAction schoolId={schoolId} entity={entity} params={params} offlineNote={offlineNote} />
      {open === 'import' ? <ImportDialog schoolId={schoolId} onClose={close} /> : null}
      {open === 'generate' ? <GenerateDialog schoolId={schoolId} onClose={close} /> : null}
      {open === 'enroll' ? (
        <EnrollDialog schoolId={schoolId} students={selected} onClose={close} />
      ) : null}
    </div>
  );
}
