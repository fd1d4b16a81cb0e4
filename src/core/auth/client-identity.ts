import * as oauth from 'oauth4webapi';
import type { Clock, Fetch } from '../adapters';
import { isNoAnswer } from '../platform/errors';
import type { Settings } from '../store/settings';
import type { SchoolMetadata } from './discovery';
import { AuthError, toAuthError } from './errors';
import { requestOptions } from './http-policy';
import { schoolKeyOf } from './school-key';

/** The name the owner sees on the consent page. */
export const CLIENT_NAME = 'Schooldesk';

export type ClientIdentityOptions = {
  fetch: Fetch;
  clock: Clock;
  settings: Settings;
  /** URL of Schooldesk's client metadata document, when the app is configured with one. */
  clientMetadataDocumentUrl?: string;
};

/** The client Schooldesk is at one authorization server. */
export type ClientIdentity = { client: oauth.Client; via: 'registration' | 'metadata_document' };

/**
 * Who Schooldesk is at this school. A client metadata document is used only when the server
 * advertises support and the app has a document URL; otherwise the stored registration for the
 * issuer, or a new one (RFC 7591). Nothing of the agent-authentication extension is called.
 */
export async function clientIdentity(
  school: SchoolMetadata,
  redirectUri: string,
  options: ClientIdentityOptions,
): Promise<ClientIdentity> {
  const { as } = school;
  if (options.clientMetadataDocumentUrl && as.client_id_metadata_document_supported === true) {
    return {
      client: { client_id: options.clientMetadataDocumentUrl, token_endpoint_auth_method: 'none' },
      via: 'metadata_document',
    };
  }
  const stored = options.settings.registration(
    schoolKeyOf({ issuer: as.issuer, baseUrl: school.baseUrl }),
  );
  if (stored) {
    return {
      client: { client_id: stored.clientId, token_endpoint_auth_method: 'none' },
      via: 'registration',
    };
  }
  return { client: await register(school, redirectUri, options), via: 'registration' };
}

/** Registers anew (after `invalid_client`, or when nothing usable is stored). */
export async function register(
  school: SchoolMetadata,
  redirectUri: string,
  options: ClientIdentityOptions,
): Promise<oauth.Client> {
  const { as } = school;
  if (!as.registration_endpoint) throw new AuthError('registration_unsupported');
  let client: oauth.Client;
  try {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: CLIENT_NAME,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [redirectUri],
      },
      requestOptions(options.fetch, new URL(as.registration_endpoint)),
    );
    client = await oauth.processDynamicClientRegistrationResponse(response);
  } catch (error) {
    const mapped = toAuthError(error, 'registration_failed');
    throw mapped.code === 'redirect_refused' || isNoAnswer(mapped)
      ? mapped
      : new AuthError('registration_failed', { cause: error, detail: mapped.message });
  }
  options.settings.saveRegistration(schoolKeyOf({ issuer: as.issuer, baseUrl: school.baseUrl }), {
    clientId: client.client_id,
    redirectUri,
    registeredAt: options.clock.now(),
  });
  return { client_id: client.client_id, token_endpoint_auth_method: 'none' };
}

/** The port of the stored registration's redirect URI, to try first (RFC 8252 §7.3 aside). */
export function registeredPort(settings: Settings, school: string): number | undefined {
  const uri = settings.registration(school)?.redirectUri;
  const port = uri ? Number(new URL(uri).port) : NaN;
  return Number.isInteger(port) && port > 0 ? port : undefined;
}
