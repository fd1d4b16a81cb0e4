import { useMutation } from '@tanstack/react-query';
import { bridge, unwrap } from '../data/bridge';
import { showToast } from '../toast-store';
import { errorText } from '../words/error-text';

/*
 * The outbox's actions, which say a failure in a toast; the outbox's queries are data
 * (data/outbox-queries.ts), which speaks no words.
 */

/**
 * The owner's say over a school's outbox: send (everything, or one parked entry again),
 * discard an entry, and settle a conflict. Sending and settling say a failure in a toast, in
 * the owner's language; what changed shows through the `outbox:status` event.
 */
export function useOutboxActions(schoolId: string) {
  const onError = (error: unknown) => showToast(errorText(error), { tone: 'error' });
  const retry = useMutation({
    mutationFn: async (entryId?: string) =>
      unwrap(await bridge().outbox.retry({ schoolId, ...(entryId ? { entryId } : {}) })),
    onError,
  });
  // Its failure shows in the confirmation that asked for it.
  const discard = useMutation({
    mutationFn: async (entryId: string) =>
      unwrap(await bridge().outbox.discard({ schoolId, entryId })),
  });
  const resolve = useMutation({
    mutationFn: async (request: {
      entryId: string;
      choice: 'mine' | 'theirs' | 'merge';
      fields?: Record<string, unknown>;
    }) => unwrap(await bridge().outbox.resolve({ schoolId, ...request })),
    onError,
  });
  const acknowledgeUnreadable = useMutation({
    mutationFn: async () => unwrap(await bridge().outbox.acknowledgeUnreadable({ schoolId })),
    onError,
  });
  const discardOtherAccount = useMutation({
    mutationFn: async () => unwrap(await bridge().outbox.discardOtherAccount({ schoolId })),
    onError,
  });
  return { retry, discard, resolve, acknowledgeUnreadable, discardOtherAccount };
}
