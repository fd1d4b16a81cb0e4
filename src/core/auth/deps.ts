import type { BrowserOpener, Clock, Fetch, LogSink } from '../adapters';
import type { Settings } from '../store/settings';
import type { SecretMask } from './secret-mask';
import type { TokenStore } from './token-store';

/** Steps of a sign-in, reported to the UI as they happen. */
export type SignInProgress =
  | { step: 'discovering'; baseUrl: string }
  | { step: 'registering'; issuer: string }
  | { step: 'waiting_for_browser'; authorizationUrl: string }
  | { step: 'browser_opened'; authorizationUrl: string }
  | { step: 'browser_failed'; authorizationUrl: string }
  | { step: 'exchanging' }
  | { step: 'signed_in'; issuer: string };

/** What the auth steps share: adapters from the host plus core's own stores. */
export type AuthDeps = {
  fetch: Fetch;
  clock: Clock;
  browser: BrowserOpener;
  settings: Settings;
  store: TokenStore;
  mask: SecretMask;
  log: LogSink;
  listenerTimeoutMs?: number;
  metadataMaxAgeMs?: number;
  clientMetadataDocumentUrl?: string;
  onProgress: (event: SignInProgress) => void;
};
