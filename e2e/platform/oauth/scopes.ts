/**
 * Every scope of service-access.md, in the document's order. The stand-in accepts exactly
 * these; anything else in an authorization request is refused with `invalid_scope`.
 */
export const OIDC_SCOPES = ['openid', 'profile', 'email'] as const;

export const API_SCOPES = [
  'courses:read',
  'courses:write',
  'students:read',
  'students:write',
  'members:read',
  'members:write',
  'analytics:read',
  'curriculum:read',
  'curriculum:write',
  'orders:read',
  'school:read',
  'school:write',
  'appearance:read',
  'appearance:write',
  'events:read',
  'events:write',
  'membership_plans:read',
  'membership_plans:write',
  'coupons:read',
  'coupons:write',
  'posts:read',
  'posts:write',
  'subscriptions:read',
  'subscriptions:write',
  'digital_products:read',
  'digital_products:write',
  'comments:read',
  'lecturers:read',
  'lecturers:write',
  'storage:write',
  'forms:read',
  'pages:read',
  'pages:write',
  'account:read',
  'account:write',
] as const;

export const ALL_SCOPES: readonly string[] = [...OIDC_SCOPES, ...API_SCOPES];

const KNOWN = new Set(ALL_SCOPES);

/** True for a scope string the platform knows. */
export function isKnownScope(scope: string): boolean {
  return KNOWN.has(scope);
}

/** Scopes a staff account may grant: sign-in scopes and every `:read` scope. */
export function staffMayGrant(scope: string): boolean {
  return (OIDC_SCOPES as readonly string[]).includes(scope) || scope.endsWith(':read');
}
