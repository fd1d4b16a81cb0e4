import { useCallback, useEffect, useRef, useState } from 'react';
import { bridge } from '../data/bridge';

/** How far a long operation has got, as main last reported it. */
export type JobProgressState = { done: number; total: number; failed: number };

/** A long operation followed from the renderer: its progress, and how to start and cancel it. */
export type Job = JobProgressState & {
  running: boolean;
  /** Whether the owner asked to cancel and main has not answered the operation yet. */
  cancelling: boolean;
  /**
   * Runs `call` with a new job id, following its `job:progress` events until it answers.
   * `total` is the size known before main reports one (the rows being sent), if any.
   */
  start: <T>(call: (jobId: string) => Promise<T>, total?: number) => Promise<T>;
  /** Asks main to stop the operation; rows already done stay done. */
  cancel: () => Promise<void>;
};

const IDLE: JobProgressState = { done: 0, total: 0, failed: 0 };

/**
 * Follows one long operation at a time. The renderer picks the job id, so it can match
 * progress events (which may arrive before the call answers) and cancel by id. A job still
 * running when the component goes away is cancelled: nobody would see its results.
 */
export function useJob(): Job {
  const [progress, setProgress] = useState<JobProgressState>(IDLE);
  const [running, setRunning] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const jobIdRef = useRef<string | null>(null);

  useEffect(
    () =>
      bridge().onEvent((event) => {
        if (event.type !== 'job:progress' || event.jobId !== jobIdRef.current) return;
        setProgress({ done: event.done, total: event.total, failed: event.failed });
      }),
    [],
  );

  useEffect(
    () => () => {
      const jobId = jobIdRef.current;
      jobIdRef.current = null;
      if (jobId) void bridge().jobs.cancel({ jobId });
    },
    [],
  );

  const start = useCallback(
    async <T>(call: (jobId: string) => Promise<T>, total = 0): Promise<T> => {
      const jobId = crypto.randomUUID();
      jobIdRef.current = jobId;
      setProgress({ ...IDLE, total });
      setRunning(true);
      setCancelling(false);
      try {
        return await call(jobId);
      } finally {
        // Only the job that is still current may end the running state.
        if (jobIdRef.current === jobId) {
          jobIdRef.current = null;
          setRunning(false);
          setCancelling(false);
        }
      }
    },
    [],
  );

  const cancel = useCallback(async () => {
    const jobId = jobIdRef.current;
    if (!jobId) return;
    setCancelling(true);
    // The operation's own call answers `cancelled` once main has stopped; nothing to do here
    // beyond asking. A failed request leaves it running, so the button comes back.
    const result = await bridge().jobs.cancel({ jobId });
    if (!result.ok && jobIdRef.current === jobId) setCancelling(false);
  }, []);

  return { ...progress, running, cancelling, start, cancel };
}
