import { interactionPolicy, type Grant, type KoaContextWithOIDC } from 'oidc-provider';

const { Check, base } = interactionPolicy;

/**
 * The scopes an authorization request asks for, in its order: what the consent page lists and
 * what the owner's answer decides.
 */
export function requestedScopes(params: Record<string, unknown>): string[] {
  return (typeof params.scope === 'string' ? params.scope : '').split(' ').filter(Boolean);
}

/** The resource indicators (RFC 8707) of an authorization request, defaulted or as sent. */
export function requestedResources(params: Record<string, unknown>): string[] {
  return [params.resource].flat().filter((r): r is string => typeof r === 'string');
}

/**
 * True when the request asks again for a scope the user unticked before, unless this very
 * request has just been through the consent page (its answer stands, or the page would loop).
 */
function asksForRejectedScope(ctx: KoaContextWithOIDC): boolean {
  const { grant, result, resourceServers, requestParamScopes } = ctx.oidc;
  if (!grant || result?.consent) return Check.NO_NEED_TO_PROMPT;
  const rejected = new Set(grant.getRejectedOIDCScope().split(' '));
  for (const resource of Object.keys(resourceServers ?? {}))
    for (const scope of grant.getRejectedResourceScope(resource).split(' ')) rejected.add(scope);
  return [...requestParamScopes].some((scope) => rejected.has(scope));
}

/**
 * oidc-provider's interaction policy, and consent asked again for a scope rejected before.
 * oidc-provider counts a rejected scope as answered and never asks for it again, so an owner
 * who once unticked a box could not grant it in that browser session (14 days): a request
 * for it came back without it, and the app's own step-up looked refused by the school.
 */
export function platformInteractionPolicy(): interactionPolicy.DefaultPolicy {
  const policy = base();
  policy
    .get('consent')
    ?.checks.add(
      new Check(
        'rejected_scopes_requested',
        'requested scopes were rejected before',
        'consent_required',
        asksForRejectedScope,
      ),
    );
  return policy;
}

/** Space-separated `scopes` without `drop`. */
function without(scopes: string | undefined, drop: readonly string[]): string {
  return (scopes ?? '')
    .split(' ')
    .filter((scope) => scope && !drop.includes(scope))
    .join(' ');
}

/**
 * Makes the owner's answer on the consent page the grant's truth for every scope the page
 * listed: a ticked one granted and no longer rejected, an unticked one rejected and no longer
 * granted; scopes the page did not list keep what they had. oidc-provider's Grant only adds to
 * either side and subtracts the rejected side from the granted one, so a scope stays rejected
 * until it is taken off that side here.
 *
 * oidc-provider counts every scope in `scopes_supported` as an OIDC scope too, so the API
 * scopes are recorded on the OIDC side and on each resource's side alike.
 */
export function recordConsent(
  grant: Grant,
  listed: readonly string[],
  resources: readonly string[],
  ticked: (scope: string) => boolean,
): void {
  const granted = listed.filter(ticked);
  const rejected = listed.filter((scope) => !ticked(scope));

  if (grant.openid) grant.openid.scope = without(grant.openid.scope, rejected);
  if (grant.rejected?.openid)
    grant.rejected.openid.scope = without(grant.rejected.openid.scope, granted);
  if (granted.length) grant.addOIDCScope(granted);
  if (rejected.length) grant.rejectOIDCScope(rejected);

  for (const resource of resources) {
    if (grant.resources?.[resource] !== undefined)
      grant.resources[resource] = without(grant.resources[resource], rejected);
    const before = grant.rejected?.resources;
    if (before?.[resource] !== undefined) before[resource] = without(before[resource], granted);
    if (granted.length) grant.addResourceScope(resource, granted);
    if (rejected.length) grant.rejectResourceScope(resource, rejected);
  }
}
