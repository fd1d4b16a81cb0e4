import { useMutation } from '@tanstack/react-query';
import type { ResponseOf, Result } from '../../shared/contract';
import { toUiError, unwrap } from './bridge';
import { isAddressError, useUiStore } from '../ui-store';

type Started = ResponseOf<'session:signIn'>;

/**
 * Starts a sign-in (a new school, or more scopes for a signed-in one) and follows it with the
 * attempt's id, which main answers before it even finds the school (the link follows as a
 * progress event). The call to make is passed in so both `signIn` and `grantMore` share this
 * one path. `fromConnect`: the owner typed the address on Connect, which then stays while the
 * school is found, and shows an address that is not a school's as an error on its field;
 * otherwise the Waiting screen shows at once, and a refusal goes to the Failure screen.
 */
export function useStartSignIn(options: { fromConnect?: boolean } = {}) {
  const { fromConnect = false } = options;
  const beginAttempt = useUiStore((s) => s.beginAttempt);
  const startWaiting = useUiStore((s) => s.startWaiting);
  const showFailure = useUiStore((s) => s.showFailure);
  const showConnect = useUiStore((s) => s.showConnect);
  return useMutation({
    // Runs before the call, so progress events of the new attempt are never thrown away.
    onMutate: () => beginAttempt(),
    mutationFn: async (start: () => Promise<Result<Started>>) => unwrap(await start()),
    onSuccess: ({ attemptId }) => startWaiting(attemptId, { fromConnect }),
    onError: (error) => {
      const uiError = toUiError(error);
      if (fromConnect && isAddressError(uiError)) showConnect({ addressError: uiError });
      else showFailure(uiError);
    },
  });
}
