/**
 * The platform's scopes grouped by area, for the scope chooser; each area's name and what it
 * covers are in the catalog (`connect:scopes.area.<id>.label` and `.description`). Sign-in
 * scopes (openid, profile, email) are always asked for and not shown as choices.
 */
export type ScopeArea = {
  id: string;
  read?: string;
  write?: string;
};

export const SIGN_IN_SCOPES = ['openid', 'profile', 'email'] as const;

export const SCOPE_AREAS: readonly ScopeArea[] = [
  {
    id: 'courses',
    read: 'courses:read',
    write: 'courses:write',
  },
  {
    id: 'curriculum',
    read: 'curriculum:read',
    write: 'curriculum:write',
  },
  {
    id: 'students',
    read: 'students:read',
    write: 'students:write',
  },
  {
    id: 'members',
    read: 'members:read',
    write: 'members:write',
  },
  {
    id: 'coupons',
    read: 'coupons:read',
    write: 'coupons:write',
  },
  {
    id: 'pages',
    read: 'pages:read',
    write: 'pages:write',
  },
  {
    id: 'orders',
    read: 'orders:read',
  },
  {
    id: 'analytics',
    read: 'analytics:read',
  },
  {
    id: 'school',
    read: 'school:read',
    write: 'school:write',
  },
  {
    id: 'appearance',
    read: 'appearance:read',
    write: 'appearance:write',
  },
  {
    id: 'events',
    read: 'events:read',
    write: 'events:write',
  },
  {
    id: 'membership_plans',
    read: 'membership_plans:read',
    write: 'membership_plans:write',
  },
  {
    id: 'subscriptions',
    read: 'subscriptions:read',
    write: 'subscriptions:write',
  },
  {
    id: 'posts',
    read: 'posts:read',
    write: 'posts:write',
  },
  {
    id: 'digital_products',
    read: 'digital_products:read',
    write: 'digital_products:write',
  },
  {
    id: 'comments',
    read: 'comments:read',
  },
  {
    id: 'lecturers',
    read: 'lecturers:read',
    write: 'lecturers:write',
  },
  { id: 'forms', read: 'forms:read' },
  {
    id: 'storage',
    write: 'storage:write',
  },
  {
    id: 'account',
    read: 'account:read',
    write: 'account:write',
  },
];

/** Every scope a user can choose (all areas' read and write scopes). */
export const CHOOSABLE_SCOPES: readonly string[] = SCOPE_AREAS.flatMap((a) =>
  [a.read, a.write].filter((s): s is string => !!s),
);

/**
 * The areas Schooldesk has screens for. The chooser lists them first; the platform's other
 * areas are folded away, since Schooldesk cannot use them yet.
 */
export const MANAGED_AREA_IDS: readonly string[] = [
  'courses',
  'curriculum',
  'students',
  'coupons',
  'pages',
];

/** Whether Schooldesk has screens for an area (see {@link MANAGED_AREA_IDS}). */
export function isManagedArea(area: Pick<ScopeArea, 'id'>): boolean {
  return MANAGED_AREA_IDS.includes(area.id);
}

const MANAGED_AREAS = SCOPE_AREAS.filter(isManagedArea);

/** A preset's name is in the catalog (`connect:scopes.preset.<id>`). */
export type ScopePreset = { id: string; scopes: readonly string[] };

/**
 * Least privilege by design: no preset asks for a scope the app does not use, so even
 * "Everything" is reading and editing the areas Schooldesk manages (a course's curriculum
 * among them).
 */
export const SCOPE_PRESETS: readonly ScopePreset[] = [
  {
    id: 'read-only',
    scopes: MANAGED_AREAS.flatMap((a) => (a.read ? [a.read] : [])),
  },
  {
    id: 'courses-students',
    scopes: ['courses:read', 'courses:write', 'students:read', 'students:write'],
  },
  {
    id: 'everything',
    scopes: MANAGED_AREAS.flatMap((a) => [a.read, a.write].filter((s): s is string => !!s)),
  },
];

/** Least privilege: what the chooser starts with. */
export const DEFAULT_SCOPES: readonly string[] = ['courses:read'];
