import type Provider from 'oidc-provider';
import type { Adapter } from 'oidc-provider';
import type { PlatformDatabase } from '../db/database';
import { ApiError } from '../http/errors';
import type { SchoolDirectory } from '../schools';
import type { TokenControl } from '../types';

/** The client that owns tokens minted through the control API. */
const CONTROL_CLIENT_ID = 'stand-in-control-client';

/**
 * What the control API may do to tokens: expire or revoke all of a client's tokens, and mint
 * a real access token (stored and verified exactly like one from the token endpoint) for one
 * of the schools served.
 */
export function createTokenControl(
  provider: Provider,
  db: PlatformDatabase,
  schools: SchoolDirectory,
): TokenControl {
  const tokenIdsOf = (model: string, clientId: string) =>
    db
      .all<{ id: string }>('SELECT id FROM oidc_models WHERE model = ? AND client_id = ?', [
        model,
        clientId,
      ])
      .map((row) => row.id);

  return {
    async expireClientTokens(clientId) {
      let changed = 0;
      for (const id of tokenIdsOf('AccessToken', clientId)) {
        const token = await provider.AccessToken.find(id);
        if (!token) continue;
        // Saving with a past expiry keeps the record (as a real expired token) but every
        // check that reads `exp` now refuses it.
        db.run(
          "UPDATE oidc_models SET expires_at = ?, payload = json_set(payload, '$.exp', ?) WHERE model = 'AccessToken' AND id = ?",
          [Math.floor(Date.now() / 1000) - 1, Math.floor(Date.now() / 1000) - 1, id],
        );
        changed += 1;
      }
      return changed;
    },

    async revokeClientTokens(clientId) {
      const grantIds = db
        .all<{ id: string }>("SELECT id FROM oidc_models WHERE model = 'Grant' AND client_id = ?", [
          clientId,
        ])
        .map((row) => row.id);
      let revoked = 0;
      const finders = {
        AccessToken: (id: string) => provider.AccessToken.find(id),
        RefreshToken: (id: string) => provider.RefreshToken.find(id),
        AuthorizationCode: (id: string) => provider.AuthorizationCode.find(id),
      };
      for (const [model, find] of Object.entries(finders)) {
        for (const id of tokenIdsOf(model, clientId)) {
          const token = await find(id);
          if (token) {
            await token.destroy();
            revoked += 1;
          }
        }
      }
      for (const grantId of grantIds) {
        const grant = await provider.Grant.find(grantId);
        await grant?.destroy();
      }
      return revoked;
    },

    async mintAccessToken({ accountId, scopes, ttlSeconds, resource }) {
      const apiResource = (resource === undefined ? schools.first : schools.byResource(resource))
        ?.resource;
      if (!apiResource)
        throw new ApiError(422, 'validation_failed', 'No school of this server is that resource.', {
          fields: { resource: 'Not a resource this server serves' },
        });
      const client = await ensureControlClient(provider);
      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      if (scopes.length) {
        grant.addOIDCScope(scopes.join(' '));
        grant.addResourceScope(apiResource, scopes.join(' '));
      }
      const grantId = await grant.save();
      const token = new provider.AccessToken({
        accountId,
        client,
        grantId,
        gty: 'authorization_code',
        scope: scopes.join(' '),
        ...(ttlSeconds ? { expiresIn: ttlSeconds } : {}),
      });
      token.setAudience(apiResource);
      return { accessToken: await token.save(), clientId: client.clientId };
    },
  };
}

async function ensureControlClient(provider: Provider) {
  const existing = await provider.Client.find(CONTROL_CLIENT_ID);
  if (existing) return existing;
  // oidc-provider keeps the adapter of each model on the class; its types do not show it.
  const { adapter } = provider.Client as unknown as { adapter: Adapter };
  await adapter.upsert(
    CONTROL_CLIENT_ID,
    {
      client_id: CONTROL_CLIENT_ID,
      client_name: 'Stand-in control API',
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      redirect_uris: ['http://127.0.0.1/control'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      software_id: 'stand-in-control',
    },
    0,
  );
  const client = await provider.Client.find(CONTROL_CLIENT_ID);
  if (!client) throw new Error('The control client could not be created.');
  return client;
}
