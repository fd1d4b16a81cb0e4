import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bridge, unwrap } from '../data/bridge';
import { useSyncStatus } from '../data/sync-queries';
import { showToast } from '../toast-store';
import { errorText } from '../words/error-text';

/*
 * Sync's actions, which say in a toast how they went; the status they change is data
 * (data/sync-queries.ts), which speaks no words.
 */

/**
 * "Sync now" for a school: asks main to sync at once and says in a toast whether it started
 * (or why not: a sync already running, or the school out of reach). Progress itself shows in
 * the status line.
 */
export function useSyncNow(schoolId: string): () => void {
  const { t } = useTranslation('sync');
  const status = useSyncStatus(schoolId);
  const offline = status?.reachability === 'unreachable';
  const mutation = useMutation({
    mutationFn: async () => unwrap(await bridge().sync.now({ schoolId })),
    onSuccess: ({ started }) =>
      showToast(started ? t('now.started') : offline ? t('now.offline') : t('now.running')),
    onError: (error) => showToast(errorText(error), { tone: 'error' }),
  });
  return () => mutation.mutate();
}

/** Stops a school's first sync (it resumes later, where it stopped). */
export function useCancelSync(schoolId: string) {
  return useMutation({
    mutationFn: async () => unwrap(await bridge().sync.cancel({ schoolId })),
    onError: (error) => showToast(errorText(error), { tone: 'error' }),
  });
}
