import type { LogSink } from '../adapters';

const MASK = '[redacted]';

/** Parameters whose values are secret wherever they appear (query, form or JSON). */
const SECRET_PARAMS = [
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'token',
];
const PARAM_PATTERN = new RegExp(
  `((?:${SECRET_PARAMS.join('|')})["']?\\s*[=:]\\s*["']?)([^&"'\\s,}]+)`,
  'gi',
);
const BEARER_PATTERN = /(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi;

/**
 * SECURITY: masks tokens, codes and verifiers in log text. Known secret values are replaced
 * wherever they occur; well-known parameter names and Bearer headers are masked even when the
 * value was never registered.
 */
export class SecretMask {
  private readonly secrets = new Set<string>();

  /** Remembers values to mask from now on (short values are skipped: they would mask words). */
  add(...values: (string | undefined)[]): void {
    for (const value of values) if (value && value.length >= 8) this.secrets.add(value);
  }

  mask(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join(MASK);
    return out.replace(PARAM_PATTERN, `$1${MASK}`).replace(BEARER_PATTERN, `$1${MASK}`);
  }
}

/** A logger whose every line is masked before it reaches the sink. */
export function maskedLogger(sink: LogSink, mask: SecretMask): LogSink {
  return {
    info: (message) => sink.info(mask.mask(message)),
    warn: (message) => sink.warn(mask.mask(message)),
    error: (message) => sink.error(mask.mask(message)),
  };
}

/** A sink that drops everything, for hosts that log nothing. */
export const silentLog: LogSink = { info: () => {}, warn: () => {}, error: () => {} };
