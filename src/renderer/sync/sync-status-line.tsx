import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../../shared/sync-status';
import { useNow } from '../components/use-now';
import { syncStatusQuery } from '../data/sync-queries';
import { useCancelSync } from './sync-actions';
import {
  canCancelSync,
  copyFailureLine,
  nextTry,
  syncLine,
  type SyncLine,
} from './sync-status-text';
import { useOutboxStatus } from '../data/outbox-queries';

/**
 * The shell's sync status for one school, a polite live region named "Sync status": "Up to
 * date", "Syncing students 12,400 of 100,000", "Offline: showing what was synced at 10:42",
 * "Can't reach the school: retrying in 30 s" (counting down each second), "Can't sync because
 * this computer's disk is full: retrying in 30 s", and "Can't open this school's copy because
 * this computer's disk is full" when there is no status to tell. While a first sync runs it
 * offers "Cancel sync". Empty until main has answered.
 */
export function SyncStatusLine({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation('shell');
  const query = useQuery(syncStatusQuery(schoolId));
  const status = query.data;
  const failure = status || !query.isError ? undefined : copyFailureLine(query.error);
  const needsYou = useOutboxStatus(schoolId)?.needsYou ?? 0;
  const region = useRef<HTMLParagraphElement>(null);
  return (
    <div className="sync-status">
      {/* The region stays mounted so its first change is announced too. */}
      <p
        ref={region}
        role="status"
        aria-label={t('sync.status')}
        className="sync-status-text"
        tabIndex={-1}
      >
        {status ? (
          <StatusText key={clockKey(status)} status={status} needsYou={needsYou} />
        ) : failure ? (
          <LineText line={failure} />
        ) : null}
      </p>
      {status ? (
        <CancelFirstSync
          schoolId={schoolId}
          status={status}
          // The button goes once the sync stops; focus lands on what the status says now.
          onCancelled={() => region.current?.focus()}
        />
      ) : null}
    </div>
  );
}

/**
 * What the line's clock depends on: the next try (a countdown starts from a fresh reading),
 * and going offline or a sync finishing (so "at 10:42" is judged against today).
 */
function clockKey(status: SyncStatus): string {
  return `${status.reachability} ${nextTry(status) ?? ''} ${status.lastSyncedAt ?? ''}`;
}

/** The line itself, re-mounted with a fresh clock when {@link clockKey} changes. */
function StatusText({ status, needsYou }: { status: SyncStatus; needsYou: number }) {
  const counting = nextTry(status) !== undefined;
  const now = useNow(counting);
  return <LineText line={syncLine(status, now, needsYou)} />;
}

function LineText({ line }: { line: SyncLine }) {
  return (
    <span className="sync-status-line" data-tone={line.tone} title={line.hint}>
      {line.phrase}
      {/* Counts and seconds change too often to be read out each time; the phrase is. */}
      {line.detail ? <span aria-hidden="true">{line.detail}</span> : null}
    </span>
  );
}

type CancelProps = { schoolId: string; status: SyncStatus; onCancelled: () => void };

function CancelFirstSync({ schoolId, status, onCancelled }: CancelProps) {
  const { t } = useTranslation('shell');
  const cancel = useCancelSync(schoolId);
  if (!canCancelSync(status)) return null;
  return (
    <button
      type="button"
      className="secondary"
      disabled={cancel.isPending}
      onClick={() => cancel.mutate(undefined, { onSuccess: onCancelled })}
    >
      {t('sync.cancel')}
    </button>
  );
}
