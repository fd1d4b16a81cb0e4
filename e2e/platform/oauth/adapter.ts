import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { PlatformDatabase } from '../db/database';

/** Creates the table that holds every oidc-provider model (clients, grants, tokens, …). */
export function createOidcSchema(db: PlatformDatabase): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS oidc_models (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload TEXT NOT NULL,
      grant_id TEXT,
      user_code TEXT,
      uid TEXT,
      client_id TEXT,
      expires_at INTEGER,
      consumed_at INTEGER,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX IF NOT EXISTS oidc_models_grant ON oidc_models (grant_id);
    CREATE INDEX IF NOT EXISTS oidc_models_uid ON oidc_models (model, uid);
    CREATE INDEX IF NOT EXISTS oidc_models_client ON oidc_models (model, client_id);
  `);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

type StoredRow = { payload: string; consumed_at: number | null; expires_at: number | null };

/**
 * An oidc-provider adapter over the stand-in's SQLite database, so clients, grants and tokens
 * survive a restart (the "a restart does not sign everyone out").
 */
export function sqlAdapterFactory(db: PlatformDatabase): new (model: string) => Adapter {
  return class SqlAdapter implements Adapter {
    constructor(private readonly model: string) {}

    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      db.run(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, client_id, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload,
           grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid,
           client_id = excluded.client_id, expires_at = excluded.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          payload.clientId ?? (this.model === 'Client' ? id : null),
          expiresIn ? nowSeconds() + expiresIn : null,
        ],
      );
      return Promise.resolve();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(this.read('id = ?', id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(this.read('uid = ?', uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(this.read('user_code = ?', userCode));
    }

    consume(id: string): Promise<void> {
      db.run('UPDATE oidc_models SET consumed_at = ? WHERE model = ? AND id = ?', [
        nowSeconds(),
        this.model,
        id,
      ]);
      return Promise.resolve();
    }

    destroy(id: string): Promise<void> {
      db.run('DELETE FROM oidc_models WHERE model = ? AND id = ?', [this.model, id]);
      return Promise.resolve();
    }

    revokeByGrantId(grantId: string): Promise<void> {
      db.run('DELETE FROM oidc_models WHERE grant_id = ?', [grantId]);
      return Promise.resolve();
    }

    private read(where: string, value: string): AdapterPayload | undefined {
      const row = db.get<StoredRow>(
        `SELECT payload, consumed_at, expires_at FROM oidc_models WHERE model = ? AND ${where}`,
        [this.model, value],
      );
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= nowSeconds()) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
    }
  };
}
