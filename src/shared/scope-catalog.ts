/**
 * The platform's scopes grouped by area, with plain-words descriptions for the scope chooser.
 * Sign-in scopes (openid, profile, email) are always asked for and not shown as choices.
 */
export type ScopeArea = {
  id: string;
  label: string;
  description: string;
  read?: string;
  write?: string;
};

export const SIGN_IN_SCOPES = ['openid', 'profile', 'email'] as const;

export const SCOPE_AREAS: readonly ScopeArea[] = [
  {
    id: 'courses',
    label: 'Courses',
    description: 'Course names, pages, prices and publishing.',
    read: 'courses:read',
    write: 'courses:write',
  },
  {
    id: 'curriculum',
    label: 'Curriculum',
    description: 'Sections and lectures inside courses.',
    read: 'curriculum:read',
    write: 'curriculum:write',
  },
  {
    id: 'students',
    label: 'Students',
    description: 'Student profiles and their course access.',
    read: 'students:read',
    write: 'students:write',
  },
  {
    id: 'members',
    label: 'Members',
    description: 'Members of your school and their roles.',
    read: 'members:read',
    write: 'members:write',
  },
  {
    id: 'coupons',
    label: 'Coupons',
    description: 'Discount codes and their limits.',
    read: 'coupons:read',
    write: 'coupons:write',
  },
  {
    id: 'pages',
    label: 'Pages',
    description: 'Pages of your school’s website.',
    read: 'pages:read',
    write: 'pages:write',
  },
  {
    id: 'orders',
    label: 'Orders',
    description: 'Orders and payments (read only).',
    read: 'orders:read',
  },
  {
    id: 'analytics',
    label: 'Analytics',
    description: 'Sales and learning reports (read only).',
    read: 'analytics:read',
  },
  {
    id: 'school',
    label: 'School settings',
    description: 'Your school’s name, domain and settings.',
    read: 'school:read',
    write: 'school:write',
  },
  {
    id: 'appearance',
    label: 'Appearance',
    description: 'Themes, colours and the site’s look.',
    read: 'appearance:read',
    write: 'appearance:write',
  },
  {
    id: 'events',
    label: 'Events',
    description: 'Events and who attends them.',
    read: 'events:read',
    write: 'events:write',
  },
  {
    id: 'membership_plans',
    label: 'Membership plans',
    description: 'Plans members subscribe to.',
    read: 'membership_plans:read',
    write: 'membership_plans:write',
  },
  {
    id: 'subscriptions',
    label: 'Subscriptions',
    description: 'Members’ subscriptions to plans.',
    read: 'subscriptions:read',
    write: 'subscriptions:write',
  },
  {
    id: 'posts',
    label: 'Posts',
    description: 'Blog posts and announcements.',
    read: 'posts:read',
    write: 'posts:write',
  },
  {
    id: 'digital_products',
    label: 'Digital products',
    description: 'Downloads and other digital goods.',
    read: 'digital_products:read',
    write: 'digital_products:write',
  },
  {
    id: 'comments',
    label: 'Comments',
    description: 'Comments left by students (read only).',
    read: 'comments:read',
  },
  {
    id: 'lecturers',
    label: 'Lecturers',
    description: 'Lecturer profiles.',
    read: 'lecturers:read',
    write: 'lecturers:write',
  },
  { id: 'forms', label: 'Forms', description: 'Form answers (read only).', read: 'forms:read' },
  {
    id: 'storage',
    label: 'Storage',
    description: 'Uploading files (write only).',
    write: 'storage:write',
  },
  {
    id: 'account',
    label: 'Your account',
    description: 'Your own account details.',
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

export type ScopePreset = { id: string; label: string; scopes: readonly string[] };

/**
 * Least privilege by design: no preset asks for a scope the app does not use, so even
 * "Everything" is reading and editing the areas Schooldesk manages (a course's curriculum
 * among them).
 */
export const SCOPE_PRESETS: readonly ScopePreset[] = [
  {
    id: 'read-only',
    label: 'Read only',
    scopes: MANAGED_AREAS.flatMap((a) => (a.read ? [a.read] : [])),
  },
  {
    id: 'courses-students',
    label: 'Manage courses and students',
    scopes: ['courses:read', 'courses:write', 'students:read', 'students:write'],
  },
  {
    id: 'everything',
    label: 'Everything',
    scopes: MANAGED_AREAS.flatMap((a) => [a.read, a.write].filter((s): s is string => !!s)),
  },
];

/** Least privilege: what the chooser starts with. */
export const DEFAULT_SCOPES: readonly string[] = ['courses:read'];
