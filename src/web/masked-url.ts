/**
 * Query parameters of an authorization URL that say nothing secret, shown as they are.
 * Everything else (state, code_challenge, nonce, a PAR request_uri, whatever a server adds)
 * is masked: an allowlist, so a parameter we did not foresee is hidden rather than shown.
 */
const SHOWN = new Set([
  'client_id',
  'response_type',
  'scope',
  'redirect_uri',
  'resource',
  'code_challenge_method',
  'prompt',
]);

const HIDDEN = '[redacted]';

/**
 * The authorization URL as `--no-browser` prints it: where it goes and what it asks for,
 * with `state`, `code_challenge` and any other value a person should not copy around masked.
 *
 * SECURITY: the terminal (and whatever records it: scrollback, CI logs, screen sharing) never
 * holds the real link; the page gets it over the bridge (`session:signIn`'s answer), behind
 * the per-run secret.
 */
export function maskAuthorizationUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return HIDDEN;
  const query = [...parsed.searchParams]
    .map(([name, value]) => `${name}=${SHOWN.has(name) ? encodeURIComponent(value) : HIDDEN}`)
    .join('&');
  return `${parsed.origin}${parsed.pathname}${query ? `?${query}` : ''}`;
}
