import { useMutation } from '@tanstack/react-query';
import type { ResponseOf, Result } from '../shared/contract';
import { toUiError, unwrap } from './bridge';
import { useUiStore } from './ui-store';

type Started = ResponseOf<'session:signIn'>;

/**
 * Starts a sign-in (a new school, or more scopes for a signed-in one) and moves to the
 * Waiting screen with the attempt's id, which main answers before it even finds the school
 * (the link follows as a progress event); a refusal goes to the Failure screen.
 * The call to make is passed in so both `signIn` and `grantMore` share this one path.
 */
export function useStartSignIn() {
  const beginAttempt = useUiStore((s) => s.beginAttempt);
  const startWaiting = useUiStore((s) => s.startWaiting);
  const showFailure = useUiStore((s) => s.showFailure);
  return useMutation({
    // Runs before the call, so progress events of the new attempt are never thrown away.
    onMutate: () => beginAttempt(),
    mutationFn: async (start: () => Promise<Result<Started>>) => unwrap(await start()),
    onSuccess: ({ attemptId }) => startWaiting(attemptId),
    onError: (error) => showFailure(toUiError(error)),
  });
}
