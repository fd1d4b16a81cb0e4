import { Settings } from '../../core/store/settings';

/**
 * Returns a function listing the authorization endpoints core has discovered, read afresh on
 * every call (core writes its settings while the app runs), for the external-browser check.
 */
export function discoveredAuthorizationEndpoints(dataDir: string): () => string[] {
  const settings = new Settings(dataDir);
  return () => settings.authorizationEndpoints();
}
