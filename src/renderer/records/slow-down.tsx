import { useState } from 'react';
import { create } from 'zustand';
import type { EntityName } from '../../shared/entity-names';
import i18next from 'i18next';
import { formatNumber } from '../words/format';
import { useSecondsUntil } from '../components/use-seconds-until';

/**
 * When the school answers a save with 429, main keeps the save on this computer and sends it
 * once the school's wait is over; the answer says when (`retryAt`, unix ms). The form near the
 * save counts down to it. UI state only: when each record's waiting save goes, by record.
 */
const useSlowDowns = create<{ until: Record<string, number> }>(() => ({ until: {} }));

const keyOf = (schoolId: string, entity: EntityName, id: string) =>
  JSON.stringify([schoolId, entity, id]);

/** Remembers that the record's save waits for the school until `retryAt` (unix ms). */
export function noteSlowDown(
  schoolId: string,
  entity: EntityName,
  id: string,
  retryAt: number | undefined,
): void {
  if (retryAt === undefined) return;
  useSlowDowns.setState((s) => ({ until: { ...s.until, [keyOf(schoolId, entity, id)]: retryAt } }));
}

/** Forgets the record's wait: its save reached the school (or left the outbox). */
export function clearSlowDown(schoolId: string, entity: EntityName, id: string): void {
  const key = keyOf(schoolId, entity, id);
  if (!(key in useSlowDowns.getState().until)) return;
  useSlowDowns.setState((s) => {
    const { [key]: _gone, ...rest } = s.until;
    return { until: rest };
  });
}

/** What the toast says of a save that waits because the school asked us to slow down. */
export function savedSlowedText(): string {
  return i18next.t('records:slowDown.saved');
}

/** "The school asked us to slow down; sending in 40 s", and "…; sending now" at the end. */
export function slowDownText(seconds: number): string {
  return seconds > 0
    ? i18next.t('records:slowDown.sendingIn', { seconds: formatNumber(seconds) })
    : i18next.t('records:slowDown.sendingNow');
}

/**
 * Whole seconds until the record's waiting save is sent, counting down once a second; undefined
 * when the school did not ask us to wait.
 */
export function useSlowDown(schoolId: string, entity: EntityName, id: string): number | undefined {
  return useSecondsUntil(useSlowDowns((s) => s.until[keyOf(schoolId, entity, id)]));
}

/**
 * The countdown near the save (nothing while there is no wait). The visible line changes every
 * second, so it is hidden from screen readers, which hear the sentence once, as it was when the
 * wait began, from a live region that is always there (so that its new text is announced).
 */
export function SlowDownNotice({ seconds }: { seconds: number | undefined }) {
  const [announced, setAnnounced] = useState<string>();
  const waiting = seconds !== undefined;
  if (waiting && announced === undefined) setAnnounced(`${slowDownText(seconds)}.`);
  if (!waiting && announced !== undefined) setAnnounced(undefined);
  return (
    <div className="slow-down">
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      {waiting ? (
        <p className="notice info" aria-hidden="true">
          {slowDownText(seconds)}
        </p>
      ) : null}
    </div>
  );
}
