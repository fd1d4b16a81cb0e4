import type { BrowserOpener, LogSink } from '../../core/host';
import { authorizationUrlProblem } from './authorization-url';

/** The system browser opener, plus the path for links clicked inside the app window. */
export type AuthorizationOpener = BrowserOpener & {
  /**
   * Opens a URL the renderer tried to navigate to or open in a new window, if it is an
   * authorization request (the "Open the sign-in page" link); answers whether it did.
   */
  openFromRenderer(url: string): boolean;
};

/**
 * Builds the BrowserOpener of the Electron host.
 *
 * SECURITY: `launch` (shell.openExternal) is reached only through here, and only with a URL
 * that `authorizationUrlProblem` accepts against the authorization endpoints core discovered
 * (`endpoints`, read at the moment of opening). Anything else is refused and logged by reason
 * and origin only: the URL itself carries the PKCE challenge and state.
 */
export function createAuthorizationOpener(options: {
  endpoints: () => Iterable<string>;
  launch: (url: string) => Promise<void>;
  log: LogSink;
}): AuthorizationOpener {
  const { endpoints, launch, log } = options;
  const check = (url: string): string | null => {
    const problem = authorizationUrlProblem(url, endpoints());
    if (problem) log.warn(`refused to open ${originOf(url)} in the browser: ${problem}`);
    return problem;
  };
  return {
    open: async (url) => {
      const problem = check(url);
      if (problem) throw new Error(`Schooldesk opens only sign-in pages (${problem}).`);
      await launch(url);
    },
    openFromRenderer: (url) => {
      if (check(url)) return false;
      launch(url).catch((error: unknown) =>
        log.warn(
          `the system browser did not open: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
      return true;
    },
  };
}

function originOf(raw: string): string {
  try {
    const url = new URL(raw);
    return url.origin === 'null' ? `a ${url.protocol} URL` : url.origin;
  } catch {
    return 'a malformed URL';
  }
}
