import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { bridge, toUiError, unwrap } from '../data/bridge';
import { schoolNameWithAddress, useCurrentSession } from '../data/use-current-session';
import { StepUpDialog, type StepUpRequest } from './step-up-dialog';

type Grant = (scopes: string[]) => Promise<boolean>;

const GrantAccessContext = createContext<Grant | null>(null);

/**
 * Runs step-up for the whole app, one "Grant access" dialog at a time. Mounted once in
 * app.tsx inside the query client, so any screen or form can ask for more scopes. The sign-in
 * is started here, on the owner's request, not in an effect, so it runs exactly once.
 */
export function GrantAccessProvider({ children }: { children: ReactNode }) {
  const session = useCurrentSession();
  const [request, setRequest] = useState<StepUpRequest>();
  // The open request's promise, so a second ask while the dialog is up joins it.
  const pending = useRef<Promise<boolean> | null>(null);

  const start = useCallback((schoolId: string, scopes: string[]) => {
    setRequest((r) => r && { ...r, started: undefined, error: undefined });
    bridge()
      .session.grantMore({ schoolId, scopes })
      .then(unwrap)
      .then(
        (started) => setRequest((r) => r && { ...r, started }),
        (error: unknown) => setRequest((r) => r && { ...r, error: toUiError(error) }),
      );
  }, []);

  const grant = useCallback<Grant>(
    (scopes) => {
      if (!session) return Promise.resolve(false);
      const missing = scopes.filter((s) => !session.scopes.includes(s));
      if (missing.length === 0) return Promise.resolve(true);
      if (pending.current) return pending.current;
      const { schoolId } = session;
      const promise = new Promise<boolean>((resolve) => {
        setRequest({
          schoolId,
          school: schoolNameWithAddress(session),
          scopes: missing,
          refusedBefore: missing.filter((s) => session.declinedScopes.includes(s)),
          retry: () => start(schoolId, missing),
          settle: (granted) => {
            pending.current = null;
            setRequest(undefined);
            resolve(granted);
          },
        });
      });
      pending.current = promise;
      start(schoolId, missing);
      return promise;
    },
    [session, start],
  );

  return (
    <GrantAccessContext.Provider value={grant}>
      {children}
      {request ? <StepUpDialog request={request} /> : null}
    </GrantAccessContext.Provider>
  );
}

const noProvider: Grant = () => Promise.resolve(false);

/**
 * Answers a function that asks the owner to grant `scopes` (step-up through the browser) and
 * resolves true once the session has them, false if the owner declined or cancelled. Callers
 * resume what they were doing on true; the session query refreshes by itself, so locked
 * controls unlock without more work.
 */
export function useGrantAccess(): (scopes: string[]) => Promise<boolean> {
  return useContext(GrantAccessContext) ?? noProvider;
}
