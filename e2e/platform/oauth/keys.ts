import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { PlatformDatabase } from '../db/database';

/** Signing keys and cookie keys of one stand-in, kept in its database. */
export type PlatformSecrets = { jwks: { keys: JWK[] }; cookieKeys: string[] };

/**
 * Loads the stand-in's secrets, creating them on first start. Keeping them in the database
 * means a restart with the same `--data` still accepts its own cookies and ID tokens.
 */
export function loadOrCreateSecrets(db: PlatformDatabase): PlatformSecrets {
  db.exec(
    'CREATE TABLE IF NOT EXISTS platform_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)',
  );
  const row = db.get<{ value: string }>(
    "SELECT value FROM platform_secrets WHERE name = 'secrets'",
  );
  if (row) return JSON.parse(row.value) as PlatformSecrets;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  };
  const secrets: PlatformSecrets = {
    jwks: { keys: [jwk] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  db.run("INSERT INTO platform_secrets (name, value) VALUES ('secrets', ?)", [
    JSON.stringify(secrets),
  ]);
  return secrets;
}
