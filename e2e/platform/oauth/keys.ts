import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
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

  // Node 20 can deadlock exporting a JWK straight from a key generateKeyPairSync made: a GC
  // during the export runs the finished key-generation job's destructor, which waits for the
  // lock the export holds (seen as a test worker stuck in a futex). Exporting a fresh KeyObject
  // parsed from the PEM shares no lock with that job.
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const jwk = {
    ...createPrivateKey(pem).export({ format: 'jwk' }),
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
