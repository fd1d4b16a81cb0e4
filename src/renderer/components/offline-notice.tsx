import { useId } from 'react';
import { useSchoolOffline } from '../sync-status';

/** Why write controls are disabled while the school cannot be reached. */
export const OFFLINE_SENTENCE =
  "You're offline: changes can't be saved until the school can be reached.";

type Props = {
  /** For the disabled controls' `aria-describedby`, so the reason is read with each of them. */
  id: string;
  /** A further sentence for controls that are not changes ("Export needs the school too."). */
  more?: string | undefined;
};

/**
 * Says why Save, Delete, Create and the long operations are disabled while the school cannot
 * be reached, beside them, the way a locked control says which scope it needs. Not a live
 * region: the shell's status line already announces going offline, once.
 */
export function OfflineNotice({ id, more }: Props) {
  return (
    <p id={id} className="notice warning offline-notice">
      {OFFLINE_SENTENCE}
      {more ? ` ${more}` : ''}
    </p>
  );
}

/**
 * For a control that writes to the school: whether it must be disabled now, and the id of
 * the {@link OfflineNotice} to render and point `aria-describedby` at (undefined when online).
 */
export function useOfflineNote(issuer: string): { offline: boolean; noteId: string | undefined } {
  const offline = useSchoolOffline(issuer);
  const id = useId();
  return { offline, noteId: offline ? `${id}-offline` : undefined };
}
