/**
 * PLACEHOLDER (owned by the workspace-shell work in this change). `useGrantAccess()` answers a
 * function that asks the owner to grant `scopes` (step-up through the browser) and resolves
 * true once the session has them, false if the owner declined or cancelled.
 */
export function useGrantAccess(): (scopes: string[]) => Promise<boolean> {
  return () => Promise.resolve(false);
}
